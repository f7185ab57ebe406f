import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmLinkProps {
  /** The question asked before acting. */
  title: ReactNode;
  onConfirm: () => unknown;
  children: ReactNode;
}

/** A red link-style row action that asks first (delete, force offline). */
export function ConfirmLink({ title, onConfirm, children }: ConfirmLinkProps) {
  const { t } = useTranslation();
  return (
    <Popconfirm title={title} onConfirm={onConfirm} okText={t('common.ok')} cancelText={t('common.cancel')}>
      <Button type="link" size="small" danger>
        {children}
      </Button>
    </Popconfirm>
  );
}
