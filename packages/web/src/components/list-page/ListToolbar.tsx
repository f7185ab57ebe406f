import { PlusOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ListToolbarProps {
  searchPlaceholder: string;
  searchWidth?: number;
  searchTestId?: string;
  /** The search needs the screen's view bit (spec "Query bar"). */
  showSearch?: boolean;
  onSearch: (search: string) => void;
  /** Filters, after the search box. */
  children?: ReactNode;
  /** Buttons at the right-hand end. */
  actions?: ReactNode;
}

/** The bar above a list: search box, filters, then the page's buttons pushed to the right. */
export function ListToolbar({
  searchPlaceholder,
  searchWidth = 220,
  searchTestId,
  showSearch = true,
  onSearch,
  children,
  actions,
}: ListToolbarProps) {
  return (
    <div className="hw-toolbar">
      {showSearch && (
        <Input.Search
          allowClear
          placeholder={searchPlaceholder}
          style={{ width: searchWidth }}
          onSearch={onSearch}
          data-testid={searchTestId}
        />
      )}
      {children}
      <span className="hw-toolbar__spacer" />
      {actions}
    </div>
  );
}

/** The toolbar's "Add" button; the page renders it only with the screen's add permission. */
export function AddButton({ onClick, testId }: { onClick: () => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
      {t('common.add')}
    </Button>
  );
}
