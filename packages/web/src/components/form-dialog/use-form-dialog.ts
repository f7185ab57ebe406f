import type { FormInstance, ModalProps } from 'antd';
import { useEffect, useState } from 'react';

/** What a page hands its add/edit dialog. */
export interface FormDialogProps<T> {
  open: boolean;
  /** The row being edited; null creates one. */
  editing: T | null;
  onClose: () => void;
  onSaved: () => void;
}

interface FormDialogOptions<V, T> {
  open: boolean;
  /** The row being edited (null creates one). */
  editing: T;
  /** The form's values for `editing`. */
  valuesOf: (editing: T) => V;
  /** Sends the validated values; a throw leaves the dialog open (the request client has said why). */
  save: (values: V) => Promise<void>;
}

/**
 * An add/edit dialog's form: filled afresh from the row each time the dialog opens, validated and saved from OK
 * while the button spins. Returns the Modal's props for that; the form stays mounted while closed (forceRender),
 * so `form` is always connected.
 */
export function useFormDialog<V, T>(
  form: FormInstance<V>,
  { open, editing, valuesOf, save }: FormDialogOptions<V, T>,
): Pick<ModalProps, 'open' | 'onOk' | 'confirmLoading' | 'forceRender'> {
  const [saving, setSaving] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: opening or another row refills; a new valuesOf does not
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(editing));
  }, [open, editing, form]);

  async function submit() {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await save(values);
    } finally {
      setSaving(false);
    }
  }

  return { open, onOk: () => void submit().catch(() => undefined), confirmLoading: saving, forceRender: true };
}
