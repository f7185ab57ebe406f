import { DownloadOutlined } from '@ant-design/icons';
import { Button, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type PageQuery } from '../../../api/list';
import { editDeleteColumn } from '../../../components/list-page/edit-delete-column';
import { AddButton, ListToolbar } from '../../../components/list-page/ListToolbar';
import { usePagedTable } from '../../../components/list-page/use-paged-table';
import { usePermission } from '../../../shell/view-host/view-context';
import { fleetKeys, type SimRecord, simApi } from '../../fleet/api';
import { SimDialog } from '../../fleet/components/SimDialog';
import { formatDay, simLabel } from '../../fleet/labels';
import { useExport } from '../../fleet/use-export';
import { useRemove } from '../../fleet/use-remove';

type Query = PageQuery & { search?: string };
const fetchSims = ({ page = 1, limit = DEFAULT_LIMIT, search }: Query) => simApi.list({ page, limit, search });

/** Basic → SIM cards (BasicSim): numbers shown masked (spec section 5), with the terminal using each. */
export default function SimPage() {
  const { t, i18n } = useTranslation(['fleet', 'translation']);
  const { t: tc } = useTranslation();
  const can = usePermission();
  const list = usePagedTable<Query, SimRecord>(fleetKeys.sims, fetchSims, {});
  const [editing, setEditing] = useState<{ record: SimRecord | null } | null>(null);
  const remove = useRemove(simApi.remove, list.reload);
  const exporter = useExport('sims.xlsx');
  const lang = i18n.language;

  const columns: TableColumnsType<SimRecord> = [
    { title: simLabel('sim_no', lang), dataIndex: 'sim_masked', width: 200 },
    { title: simLabel('operator', lang), dataIndex: 'operator', width: 140 },
    { title: simLabel('expire_time', lang), dataIndex: 'expire_time', width: 130, render: formatDay },
    {
      title: simLabel('terminal_phone', lang),
      dataIndex: 'terminal_phone',
      width: 160,
      render: (v: string) => v || '--',
    },
    { title: simLabel('remark', lang), dataIndex: 'remark', ellipsis: true },
    ...editDeleteColumn<SimRecord>(tc, can, {
      onEdit: (record) => setEditing({ record }),
      onDelete: (record) => remove(record.id),
      deleteConfirm: tc('common.deleteConfirm'),
    }),
  ];

  return (
    <div className="hw-card" data-testid="sim-page">
      <ListToolbar
        searchPlaceholder={t('fleet.search.sims')}
        onSearch={(search) => list.filter({ search: search.trim() || undefined })}
        actions={
          <Space>
            {can('export') && (
              <Button
                icon={<DownloadOutlined />}
                loading={exporter.exporting}
                onClick={() => void exporter.run(() => simApi.export({ search: list.query.search }))}
              >
                {t('fleet.export')}
              </Button>
            )}
            {can('add') && <AddButton onClick={() => setEditing({ record: null })} testId="sim-add" />}
          </Space>
        }
      />
      <Table<SimRecord> rowKey="id" {...list.tableProps} columns={columns} />
      <SimDialog
        open={editing !== null}
        record={editing?.record ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
    </div>
  );
}
