/**
 * The levels LOG_LEVEL accepts: pino's. Apart from logger.ts, which reads the configuration, so
 * that config.ts can check LOG_LEVEL without importing the logger that depends on it.
 */
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];
