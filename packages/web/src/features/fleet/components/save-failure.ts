import type { FormInstance } from 'antd';
import { failureField, failureText } from '../failure';

/**
 * A refused save: the field the server named is marked with its sentence when it is on the form, else the
 * sentence is shown as a message.
 */
export function showSaveFailure(
  error: unknown,
  form: FormInstance,
  show: (text: string) => void,
  fieldMap: Record<string, string> = {},
): void {
  const text = failureText(error);
  const field = failureField(error);
  const name = field ? (fieldMap[field] ?? field) : undefined;
  if (name && form.getFieldInstance(name) !== undefined) {
    form.setFields([{ name, errors: [text] }]);
    return;
  }
  show(text);
}
