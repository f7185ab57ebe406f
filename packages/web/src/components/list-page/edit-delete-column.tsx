import { Button, Space } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { usePermission } from '../../shell/view-host/view-context';
import { ConfirmLink } from './ConfirmLink';

interface EditDeleteActions<Row> {
  onEdit(row: Row): void;
  onDelete(row: Row): unknown;
  /** The question asked before deleting. */
  deleteConfirm: ReactNode;
}

/**
 * The Edit / Delete actions column of a list page, or no column when the user may do neither: the server
 * refuses the calls anyway, but a column of nothing is noise.
 */
export function editDeleteColumn<Row>(
  t: TFunction,
  can: ReturnType<typeof usePermission>,
  actions: EditDeleteActions<Row>,
): ColumnType<Row>[] {
  if (!can('edit') && !can('delete')) return [];
  return [
    {
      title: t('common.actions'),
      key: 'actions',
      width: 140,
      render: (_: unknown, row: Row) => (
        <Space size={0}>
          {can('edit') && (
            <Button type="link" size="small" onClick={() => actions.onEdit(row)}>
              {t('common.edit')}
            </Button>
          )}
          {can('delete') && (
            <ConfirmLink title={actions.deleteConfirm} onConfirm={() => actions.onDelete(row)}>
              {t('common.delete')}
            </ConfirmLink>
          )}
        </Space>
      ),
    },
  ];
}
