import type { TFunction } from 'i18next';
import type { ListRemove } from '../../components/list-page/ListPage';
import { failureText } from './failure';

// What the organisation's screens (organisation, company, fleet, staff, IC cards, display info) hand the shared list
// page and form dialog: their refusals in words (failure.ts), their titles and delete question.

type T = TFunction<['organisation', 'translation']>;

/** A refusal in the organisation's words, with the form's labels for the field the server named. */
export const describeWith = (t: T, labels: Record<string, string>) => (error: unknown) => failureText(error, t, labels);

/** "Add fleet" / "Edit fleet". */
export const dialogTitle = (t: T, editing: boolean, what: string) =>
  t(editing ? 'organisation.editTitle' : 'organisation.addTitle', { what });

/** Delete by id, asking "Delete {name}?" first. */
export function removeRow<Row extends { id: number }>(
  t: T,
  labels: Record<string, string>,
  name: (row: Row) => string,
  remove: (id: number) => Promise<unknown>,
): ListRemove<Row> {
  return {
    run: (row) => remove(row.id),
    confirm: (row) => t('organisation.deleteConfirm', { name: name(row) }),
    describeFailure: describeWith(t, labels),
  };
}
