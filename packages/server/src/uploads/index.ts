export { UPLOAD_KINDS, type UploadKindName } from './kinds.ts';
export { UPLOAD_BODY_LIMIT, uploadFileRoutes, uploadRoutes } from './routes.ts';
export { UploadStore, uploadsDir } from './store.ts';
