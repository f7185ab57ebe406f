import { App, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { explainFailure } from './failure';

/**
 * The dialog's save: validate the form (the spec's rules, mirrored), send, and on a refusal say why in words.
 * Returns `saving` for the OK button and `submit` for its click.
 */
export function useSave<Values>(
  form: FormInstance<Values>,
  send: (values: Values) => Promise<unknown>,
  labels: Record<string, string>,
  onSaved: () => void,
) {
  const { t } = useTranslation(['organisation', 'translation']);
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  async function submit() {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows what is wrong.
    }
    setSaving(true);
    try {
      await send(values);
      onSaved();
    } catch (error) {
      explainFailure(error, t, labels, (text) => void message.error(text, 5));
    } finally {
      setSaving(false);
    }
  }
  return { saving, submit };
}
