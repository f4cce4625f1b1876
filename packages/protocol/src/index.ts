export * from './game-wire.ts';
export * from './analysis.ts';
export * from './client.ts';
export * from './http.ts';
export * from './server.ts';
export * from './lobby.ts';
export * from './notifications.ts';
export * from './ops.ts';
