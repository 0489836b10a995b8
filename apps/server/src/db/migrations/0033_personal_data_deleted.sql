-- Mine data (decision 057): the change-log entry of a deletion the applicant asked for.
ALTER TYPE "public"."change_log_type" ADD VALUE 'PersonalDataDeleted';