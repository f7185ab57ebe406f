import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';

interface ConfirmLinkProps {
  /** The question asked before acting. */
  title: ReactNode;
  onConfirm: () => unknown;
  children: ReactNode;
}

/**
 * Popconfirm waits on a returned promise and hands its rejection back to nobody (an uncaught page error). A failed
 * call was already shown to the user by the request client, so it ends here; anything else is a bug and still
 * reaches the error log.
 */
async function settle(action: () => unknown): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
}

/** A red link-style row action that asks first (delete, force offline). */
export function ConfirmLink({ title, onConfirm, children }: ConfirmLinkProps) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title}
      onConfirm={() => settle(onConfirm)}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
    >
      <Button type="link" size="small" danger>
        {children}
      </Button>
    </Popconfirm>
  );
}
