CREATE TABLE "room_day_busy" (
	"bookable_asset_id" integer NOT NULL,
	"date" date NOT NULL,
	"pieces" integer NOT NULL,
	"slots" integer NOT NULL,
	"earliest" timestamp with time zone NOT NULL,
	CONSTRAINT "room_day_busy_pkey" PRIMARY KEY("date","bookable_asset_id")
);
