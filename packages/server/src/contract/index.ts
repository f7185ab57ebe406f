// The API contract shared by the server (route schemas) and the console (types).
// The console imports types only; nothing here may touch Node APIs.
export * from './menu.ts';
export * from './permissions.ts';
export * from './session.ts';
