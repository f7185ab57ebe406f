import type { Kysely } from 'kysely';
import type { SnippetRow } from '../../contract/commands.ts';
import { ApiError, ErrorCode, parameterError } from '../../kernel/errors.ts';
import type { Database } from '../../store/schema.ts';
import { commandDb } from '../schema.ts';

// The company's canned dispatch texts (spec "Message snippet": id, company_id, snippet), shared by its users.

/** Snippets one company may keep; the dialog lists them all, so beyond this is a list nobody picks from. */
export const MAX_SNIPPETS = 500;

/** Newest first. */
export async function listSnippets(db: Kysely<Database>, companyId: number): Promise<SnippetRow[]> {
  return commandDb(db)
    .selectFrom('message_snippets')
    .select(['id', 'company_id', 'snippet'])
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The text trimmed; blank → 1004; past MAX_SNIPPETS → 1009. */
export async function createSnippet(
  db: Kysely<Database>,
  creator: { companyId: number; account: string },
  snippet: string,
  now: number,
): Promise<SnippetRow> {
  const text = snippet.trim();
  if (text === '') throw parameterError('snippet', 'blank');
  const cdb = commandDb(db);
  const count = await cdb
    .selectFrom('message_snippets')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('company_id', '=', creator.companyId)
    .executeTakeFirst();
  if (Number(count?.n ?? 0) >= MAX_SNIPPETS) throw new ApiError(ErrorCode.tooMuchData, { max: MAX_SNIPPETS });
  return cdb
    .insertInto('message_snippets')
    .values({ company_id: creator.companyId, snippet: text, created_by: creator.account, created_at: now })
    .returning(['id', 'company_id', 'snippet'])
    .executeTakeFirstOrThrow();
}

/** Another company's snippet is not found (1008), like a missing one. */
export async function deleteSnippet(db: Kysely<Database>, companyId: number, id: number): Promise<void> {
  const result = await commandDb(db)
    .deleteFrom('message_snippets')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new ApiError(ErrorCode.recordMissing, null, 'snippet not found');
}
