import { App, Form, type FormInstance, type FormProps, Modal, type ModalProps } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { reactToFailure } from '../../api/react-to-failure';
import { failureField, failureText } from './failure';

export interface FormDialogProps<Values, Row> {
  open: boolean;
  /** The row being edited; null adds one. */
  record: Row | null;
  title: ReactNode;
  form: FormInstance<Values>;
  /** The form's values each time the dialog opens: the row's for an edit, the defaults for an add. */
  initialValues: (record: Row | null) => Partial<Values>;
  /** Sends the checked values; resolves once the server has saved them. */
  onSubmit: (values: Values) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => void;
  /** What the notice says after a save (default "Saved"). */
  savedText?: string;
  /** A refusal in the feature's words (its own rule texts); null falls back to the server's sentence. */
  describeFailure?: (error: unknown) => string | null;
  /** Server field name → form field name, where they differ. */
  fieldNames?: Record<string, string>;
  width?: number;
  /** Label and control columns of the horizontal form (of 24); 'vertical' puts labels above (grid forms). */
  columns?: readonly [label: number, control: number] | 'vertical';
  /** The form's test id. */
  testId?: string;
  formProps?: Omit<FormProps<Values>, 'form' | 'children'>;
  modalProps?: Omit<ModalProps, 'open' | 'title' | 'onCancel' | 'onOk' | 'confirmLoading' | 'width' | 'children'>;
  children: ReactNode;
}

/** Whether `name` is a field of the form as rendered, so a server error can be shown under it. */
function onForm(form: FormInstance, name: string): boolean {
  return form.getFieldInstance(name) !== undefined || Object.hasOwn(form.getFieldsValue(), name);
}

/**
 * The add/edit dialog of a list page: fills the form when it opens, validates it (the spec's rules, mirrored) before
 * anything is sent, shows the OK button loading while saving, and on a refusal marks the field the server named
 * (1004 a broken rule, 1106 a taken value) with the server's sentence; a refusal naming no field on the form is a
 * message instead.
 */
export function FormDialog<Values, Row>(props: FormDialogProps<Values, Row>) {
  const { open, record, form } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  // The latest initialValues without making every render's new function a reason to refill the form.
  const initial = useRef(props.initialValues);
  initial.current = props.initialValues;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initial.current(record) as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, record, form]);

  function refused(error: unknown) {
    const text = props.describeFailure?.(error) ?? (error instanceof ApiError ? failureText(error) : null);
    if (text === null) throw error;
    const field = failureField(error);
    const name = field ? (props.fieldNames?.[field] ?? field) : undefined;
    if (name && onForm(form, name)) {
      form.setFields([{ name: name as never, errors: [text] }]);
      form.scrollToField(name as never);
    } else if (error instanceof ApiError && text === error.message) {
      reactToFailure(error.code, error.message);
    } else {
      void message.error(text, 5);
    }
  }

  async function submit() {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    setSaving(true);
    try {
      await props.onSubmit(values);
      void message.success(props.savedText ?? t('common.saved'));
      props.onSaved();
    } catch (error) {
      refused(error);
    } finally {
      setSaving(false);
    }
  }

  const columns = props.columns ?? [6, 17];
  const layout: FormProps<Values> =
    columns === 'vertical'
      ? { layout: 'vertical' }
      : { layout: 'horizontal', labelCol: { span: columns[0] }, wrapperCol: { span: columns[1] } };
  return (
    <Modal
      open={open}
      title={props.title}
      onCancel={props.onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={t('common.save')}
      width={props.width ?? 560}
      forceRender
      {...props.modalProps}
    >
      <Form form={form} {...layout} data-testid={props.testId} {...props.formProps}>
        {props.children}
      </Form>
    </Modal>
  );
}
