import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { hasPermission, IMAGE_MAX_BYTES } from '@headway/spec';
import { maskOn, sessionOf } from '../auth/access.ts';
import type { SessionContext } from '../auth/session-context.ts';
import { ok } from '../kernel/envelope.ts';
import { ApiError, ErrorCode, parameterError } from '../kernel/errors.ts';
import { CONTENT_TYPES, imageExtensionOf } from './image-type.ts';
import { isUploadKind, UPLOAD_KINDS, type UploadKind } from './kinds.ts';
import type { UploadStore } from './store.ts';

/** "images JPG or PNG, under 2 MB": a body of 2 MB or more is refused before it is read (413, 1009). */
export const UPLOAD_BODY_LIMIT = IMAGE_MAX_BYTES - 1;

// The spec's call: `POST /upload?data={"path": "vehicle", "rename": 1}` with the picture. The body is the file's
// bytes (the console sends the File as it is, any content type but JSON). Stored names are always fresh, so
// `rename` is accepted and has no other effect.
const UploadQuery = Type.Object({
  data: Type.Optional(Type.String({ maxLength: 512 })),
  path: Type.Optional(Type.String({ maxLength: 32 })),
});

function kindOf(query: { data?: string | undefined; path?: string | undefined }): string {
  let path = query.path;
  if (query.data !== undefined) {
    let data: unknown;
    try {
      data = JSON.parse(query.data);
    } catch {
      throw parameterError('data', 'not JSON');
    }
    if (data && typeof data === 'object' && 'path' in data && typeof data.path === 'string') path = data.path;
  }
  if (path === undefined || !isUploadKind(path)) {
    throw parameterError('path', `one of ${Object.keys(UPLOAD_KINDS).join(', ')}`);
  }
  return path;
}

function assertMayUpload(session: SessionContext, kind: UploadKind): void {
  if (kind.screens.length === 0) return;
  const allowed = kind.screens.some((screen) =>
    kind.needs.some((need) => hasPermission(maskOn(session, screen), need)),
  );
  if (!allowed) {
    throw new ApiError(ErrorCode.permission, null, `${session.account} may not upload to ${kind.screens.join(', ')}`);
  }
}

/** `POST /upload` under the API bases: a picture stored for the caller's company; answers its `url`. */
export function uploadRoutes(store: UploadStore | undefined): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/upload',
      { bodyLimit: UPLOAD_BODY_LIMIT, schema: { querystring: UploadQuery }, config: { access: 'session' } },
      async (request) => {
        const session = sessionOf(request);
        const kind = kindOf(request.query);
        assertMayUpload(session, UPLOAD_KINDS[kind as keyof typeof UPLOAD_KINDS]);
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw parameterError('file', 'empty');
        const ext = imageExtensionOf(request.body);
        if (!ext) throw parameterError('file', 'JPG or PNG expected');
        if (!store) throw new ApiError(ErrorCode.recordMissing, null, 'no upload store');
        const url = await store.save(session.companyId, kind, ext, request.body);
        return ok({ url, size: request.body.length, type: CONTENT_TYPES[ext] });
      },
    );
  };
}

/**
 * `GET /upload/<company>/<kind>/<name>` outside the API bases: pictures are shown by `<img>`, which carries no
 * signature headers. The random names are the capability (docs/uploads.md); they never change, so they cache.
 */
export function uploadFileRoutes(store: UploadStore): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/upload/:company/:kind/:name',
      {
        schema: {
          params: Type.Object({
            company: Type.String({ maxLength: 12 }),
            kind: Type.String({ maxLength: 32 }),
            name: Type.String({ maxLength: 64 }),
          }),
        },
      },
      async (request, reply) => {
        const { company, kind, name } = request.params;
        const file = await store.open(company, kind, name);
        if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
        return reply
          .type(name.endsWith('.png') ? CONTENT_TYPES.png : CONTENT_TYPES.jpg)
          .header('content-length', file.size)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(file.stream);
      },
    );
  };
}
