import { AimOutlined, DeleteOutlined } from '@ant-design/icons';
import { labelIn, REGION_TYPES, type RegionType } from '@headway/spec';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Input, Popconfirm, Radio, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import { type RegionFilter, type RegionRow, regionApi, regionKeys } from '../api';

// The selector's "region list" tab: filter by type, search by name, 10 a page; tick to draw on the map, show on the
// map, delete with a confirmation.

export const PAGE_SIZE = 10;
const NOTIFICATION_SECONDS = 2;
const TYPES = Object.keys(REGION_TYPES).map(Number) as RegionType[];
type TypeFilter = RegionType | 'all';

export interface RegionListProps {
  selected: ReadonlyMap<number, RegionRow>;
  onToggle: (row: RegionRow, on: boolean) => void;
  onShow: (row: RegionRow) => void;
  onDeleted: (id: number) => void;
  canDelete: boolean;
}

export function RegionList({ selected, onToggle, onShow, onDeleted, canDelete }: RegionListProps) {
  const { t, i18n } = useTranslation('regions');
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const [type, setType] = useState<TypeFilter>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  const filter: RegionFilter = {
    ...(type === 'all' ? {} : { region_type: type }),
    ...(search.trim() ? { search: search.trim() } : {}),
  };
  const list = useQuery({
    queryKey: regionKeys.list(page, PAGE_SIZE, filter),
    queryFn: () => regionApi.list(page, PAGE_SIZE, filter),
    placeholderData: keepPreviousData,
  });

  const remove = async (row: RegionRow) => {
    try {
      await regionApi.remove(row.id);
      notification.success({ title: t('regions.deleted'), duration: NOTIFICATION_SECONDS });
      onDeleted(row.id);
      void queryClient.invalidateQueries({ queryKey: regionKeys.all });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : -1;
      const message = error instanceof Error ? error.message : String(error);
      notification.error({ title: t('regions.failed', { message, code }) });
    }
  };

  const typeName = (code: number) =>
    code in REGION_TYPES ? labelIn(REGION_TYPES[code as RegionType].label, i18n.language) : String(code);

  const columns: TableColumnsType<RegionRow> = [
    {
      key: 'select',
      width: 36,
      title: <span className="hw-fence__sr">{t('regions.selector.select')}</span>,
      render: (_, row) => (
        <Checkbox
          checked={selected.has(row.id)}
          onChange={(e) => onToggle(row, e.target.checked)}
          aria-label={t('regions.selector.selectOne', { name: row.region_name })}
          data-testid={`region-select-${row.id}`}
        />
      ),
    },
    { key: 'name', title: t('regions.name'), dataIndex: 'region_name', ellipsis: true },
    { key: 'type', title: t('regions.type'), dataIndex: 'region_type', width: 88, render: typeName },
    {
      key: 'actions',
      width: 72,
      title: <span className="hw-fence__sr">{t('regions.selector.actions')}</span>,
      render: (_, row) => (
        <span className="hw-fence__actions">
          <Button
            type="text"
            size="small"
            icon={<AimOutlined />}
            onClick={() => onShow(row)}
            title={t('regions.selector.show')}
            aria-label={t('regions.selector.showOne', { name: row.region_name })}
            data-testid={`region-show-${row.id}`}
          />
          {canDelete && (
            <Popconfirm
              title={t('regions.selector.deleteConfirm', { name: row.region_name })}
              okText={t('regions.delete')}
              cancelText={t('regions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(row)}
            >
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                title={t('regions.delete')}
                aria-label={t('regions.selector.deleteOne', { name: row.region_name })}
                data-testid={`region-delete-${row.id}`}
              />
            </Popconfirm>
          )}
        </span>
      ),
    },
  ];

  return (
    <div className="hw-fence__list" data-testid="fence-list">
      <Radio.Group
        size="small"
        optionType="button"
        value={type}
        onChange={(e) => {
          setType(e.target.value as TypeFilter);
          setPage(1);
        }}
        options={[
          { value: 'all', label: t('regions.selector.all') },
          ...TYPES.map((code) => ({ value: code, label: typeName(code) })),
        ]}
        aria-label={t('regions.type')}
      />
      <Input.Search
        size="small"
        allowClear
        placeholder={t('regions.selector.searchName')}
        aria-label={t('regions.selector.searchName')}
        onSearch={(v) => {
          setSearch(v);
          setPage(1);
        }}
        data-testid="region-search"
      />
      <Table<RegionRow>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        onRow={(row) => ({ 'data-testid': `region-row-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          size: 'small',
          showSizeChanger: false,
          onChange: setPage,
        }}
      />
    </div>
  );
}
