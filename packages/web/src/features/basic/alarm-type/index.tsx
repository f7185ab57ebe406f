import { ALARM_GROUP_IDS, alarmLabel, CUSTOM_ALARM_GROUP, languageOf } from '@headway/spec';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../api/list';
import { ConfirmLink } from '../../../components/list-page/ConfirmLink';
import { ListError } from '../../../components/list-page/ListError';
import { AddButton, ListToolbar } from '../../../components/list-page/ListToolbar';
import { usePermission } from '../../../shell/view-host/view-context';
import { groupLabel, levelColor, levelLabel } from '../../alarms/evidence/alarm-labels';
import { ALARM_NAMES_KEY, PLATFORM_ALARMS_KEY, type PlatformAlarmType, platformAlarmApi } from './api';
import { AlarmRulesCard } from './components/AlarmRulesCard';
import { AlarmTypeDialog } from './components/AlarmTypeDialog';

/** The name shown: a built-in type's catalogue wording in the console's language, a company's own by its name. */
function useTypeName() {
  const { i18n } = useTranslation();
  const language = languageOf(i18n.language) ?? 'en';
  return useCallback(
    (row: PlatformAlarmType) => (row.built_in ? alarmLabel(row.platform_alarm_id, language) : row.alarm_name),
    [language],
  );
}

/**
 * Basic → Alarm types: the whole catalogue a user can receive, by group. Built-in types (@headway/spec) are read
 * only; the company's own (group 200) are added, renamed and removed here.
 */
export default function AlarmTypesPage() {
  const { t, i18n } = useTranslation('safety');
  const { message } = App.useApp();
  const can = usePermission();
  const nameOf = useTypeName();
  const client = useQueryClient();
  const list = useQuery({ queryKey: PLATFORM_ALARMS_KEY, queryFn: platformAlarmApi.list });
  const reload = () => {
    void list.refetch();
    void client.invalidateQueries({ queryKey: ALARM_NAMES_KEY });
  };
  const [search, setSearch] = useState('');
  const [group, setGroup] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ type: PlatformAlarmType | null } | null>(null);

  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (list.data ?? []).filter(
      (row) =>
        (group === null || row.group_id === group) &&
        (!needle || nameOf(row).toLowerCase().includes(needle) || String(row.platform_alarm_id).includes(needle)),
    );
  }, [list.data, search, group, nameOf]);

  async function remove(row: PlatformAlarmType) {
    if (row.id === null) return;
    await platformAlarmApi.remove(row.id);
    message.success(t('safety.deleted'));
    reload();
  }

  return (
    <div className="hw-card" data-testid="alarm-types">
      <AlarmRulesCard editable={can('edit')} />
      <ListToolbar
        searchPlaceholder={t('safety.alarmType.search')}
        searchTestId="alarm-type-search"
        onSearch={setSearch}
        actions={can('add') && <AddButton onClick={() => setEditing({ type: null })} testId="alarm-type-add" />}
      >
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 220 }}
          placeholder={t('safety.alarmType.allGroups')}
          value={group}
          onChange={(value) => setGroup(value ?? null)}
          options={ALARM_GROUP_IDS.map((id) => ({ value: id, label: groupLabel(id, i18n.language) }))}
          data-testid="alarm-type-group"
        />
      </ListToolbar>
      <Table<PlatformAlarmType>
        rowKey={(row) => `${row.platform_alarm_id}`}
        size="small"
        loading={list.isFetching}
        dataSource={rows}
        locale={
          list.isError ? { emptyText: <ListError error={list.error} onRetry={() => void list.refetch()} /> } : undefined
        }
        pagination={{
          defaultPageSize: 50,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (total) => t('safety.centre.total', { total }),
        }}
        columns={[
          { title: t('safety.alarmType.code'), dataIndex: 'platform_alarm_id', width: 110 },
          { title: t('safety.alarmType.name'), key: 'name', render: (_, row) => nameOf(row) },
          {
            title: t('safety.alarmType.group'),
            dataIndex: 'group_id',
            width: 220,
            render: (id: number) => groupLabel(id, i18n.language),
          },
          {
            title: t('safety.alarm.level'),
            dataIndex: 'alarm_level',
            width: 120,
            render: (level: number) => <Tag color={levelColor(level)}>{levelLabel(level, i18n.language)}</Tag>,
          },
          {
            title: t('safety.alarmType.kind'),
            dataIndex: 'built_in',
            width: 120,
            render: (builtIn: boolean) =>
              builtIn ? (
                <Tooltip title={t('safety.alarmType.readOnly')}>
                  <Tag>{t('safety.alarmType.builtIn')}</Tag>
                </Tooltip>
              ) : (
                <Tag color="blue">{t('safety.alarmType.custom')}</Tag>
              ),
          },
          {
            title: t('safety.alarmType.remark'),
            dataIndex: 'remark',
            ellipsis: true,
            render: (v: string) => v || '--',
          },
          ...(can('edit') || can('delete')
            ? [
                {
                  title: t('safety.actions'),
                  key: 'actions',
                  width: 140,
                  render: (_: unknown, row: PlatformAlarmType) =>
                    // Built-in types are the catalogue's (@headway/spec): the Kind column says why they have no action.
                    row.built_in || row.group_id !== CUSTOM_ALARM_GROUP ? null : (
                      <Space size={0}>
                        {can('edit') && (
                          <Button type="link" size="small" onClick={() => setEditing({ type: row })}>
                            {t('safety.edit')}
                          </Button>
                        )}
                        {can('delete') && (
                          <ConfirmLink title={t('safety.alarmType.deleteConfirm')} onConfirm={() => remove(row)}>
                            {t('safety.delete')}
                          </ConfirmLink>
                        )}
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      <AlarmTypeDialog
        open={editing !== null}
        editing={editing?.type ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          message.success(t('safety.saved'));
          setEditing(null);
          reload();
        }}
      />
    </div>
  );
}
