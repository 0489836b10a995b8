// First: with OTEL_EXPORTER_OTLP_ENDPOINT, tracing starts before the server's modules run (decision 034).
import './observability/tracing';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { exitOnSignals } from './http/shutdown';
import { fakesInUse, startupSummary } from './startup-report';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  const database = await openDatabase(config.database);
  // The demo data is loaded under the migrations' start-up lock: replicas starting together seed once.
  // The seed area is imported only here, only when demo data is wanted (never in production: the rails refuse it).
  const seed = async () => {
    const { seedDemoDataIfEmpty, storeDemoContracts } = await import('./seed/index');
    return seedDemoDataIfEmpty(database.db, { storeApprovedDocuments: storeDemoContracts });
  };
  const seeded = (await database.migrate(config.seedDemoData ? seed : undefined)) ?? false;

  const app = await buildApp({ config, database, serveSpas: config.serveSpas });
  exitOnSignals(app, database);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { engine: database.engine, seeded, url: config.publicUrl },
    `Lokaler is running at ${config.publicUrl} (portal /, admin /admin/, API /api, identity provider ${config.oidc.issuer})`,
  );
  const summary = startupSummary(config, database.engine);
  app.log.info(summary.fields, summary.message);
  const fakes = config.allowDemoServices ? fakesInUse(config, database.engine) : [];
  if (fakes.length) app.log.warn({ fakes }, `ALLOW_DEMO_SERVICES=true: this is a demo deployment running ${fakes.join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
