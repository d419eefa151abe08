export { createApp } from './app';
export { startServer, type RunningServer, type StartOptions } from './start-server';
export { openDatabase } from './db/connect';
export { migrate } from './db/migrate';
export { defaultConfig, type ServerConfig } from './config';
export { manualClock, systemClock } from './clock';
export { SandboxEmailProvider } from './providers/email/sandbox-email';
export { buildOpenApiDocument } from './openapi/openapi';
export { implementations } from './handlers';
