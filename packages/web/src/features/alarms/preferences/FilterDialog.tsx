import type { AlarmPreference } from '@headway/server/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, InputNumber, Modal, Switch, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../../components/list-page/ListError';
import { useAlarmLanguage, useCustomAlarmNames } from '../alarm-text';
import { alarmApi } from '../api';
import { alarmCentre, useAlarmCentre } from '../centre/centre-store';
import { PREFERENCES_KEY, REAL_KEY } from '../centre/keys';
import {
  groupState,
  isOn,
  NOTICE_FLAGS,
  type NoticeFlag,
  preferencesByCode,
  preferenceTree,
  savePayload,
  type TreeRow,
  withDuration,
  withFlag,
} from './preference-tree';
import '../alarms.css';

const FLAG_TITLE = {
  web_notice: 'alarms.preferences.webNotice',
  app_notice: 'alarms.preferences.appNotice',
  mail_notice: 'alarms.preferences.mailNotice',
  is_show: 'alarms.preferences.isShow',
} as const satisfies Record<NoticeFlag, string>;

/** The editable table, started from the saved preferences each time the dialog opens. */
export function PreferencesEditor({
  saved,
  onSaved,
  onCancel,
}: {
  saved: readonly AlarmPreference[];
  onSaved: (list: AlarmPreference[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('alarms');
  const lang = useAlarmLanguage();
  const custom = useCustomAlarmNames();
  const [edits, setEdits] = useState(() => preferencesByCode(saved, custom.keys()));
  const rows = useMemo(() => preferenceTree(edits.keys(), lang, (c) => custom.get(c)), [edits, lang, custom]);
  const save = useMutation({
    mutationFn: () => alarmApi.savePreferences(savePayload(edits)),
    // Spec section 9: only a save answered with a result clears the list and closes the dialog.
    onSuccess: (result) => {
      if (result) onSaved(Array.isArray(result) ? result : savePayload(edits).alarm_list);
    },
  });

  const update = (codes: readonly number[], change: (p: AlarmPreference) => AlarmPreference) =>
    setEdits((current) => {
      const next = new Map(current);
      for (const code of codes) {
        const p = next.get(code);
        if (p) next.set(code, change(p));
      }
      return next;
    });

  const flagColumn = (flag: NoticeFlag) => ({
    title: t(FLAG_TITLE[flag]),
    key: flag,
    width: 110,
    align: 'center' as const,
    render: (_v: unknown, row: TreeRow) => {
      const label = `${t(FLAG_TITLE[flag])}: ${row.name}`;
      if (row.code === undefined) {
        const codes = (row.children ?? []).map((c) => c.code as number);
        const state = groupState(edits, codes, flag);
        return (
          <Switch
            size="small"
            checked={state === 'on'}
            className={state === 'mixed' ? 'hw-alarms__switch--mixed' : undefined}
            aria-label={label}
            aria-checked={state === 'mixed' ? 'mixed' : state === 'on'}
            onChange={() => update(codes, (p) => withFlag(p, flag, state !== 'on'))}
          />
        );
      }
      const p = edits.get(row.code);
      return p ? (
        <Switch
          size="small"
          checked={isOn(p, flag)}
          aria-label={label}
          onChange={(on) => update([row.code as number], (x) => withFlag(x, flag, on))}
          data-testid={`pref-${flag}-${row.code}`}
        />
      ) : null;
    },
  });

  const columns: TableColumnsType<TreeRow> = [
    { title: t('alarms.preferences.type'), dataIndex: 'name' },
    ...NOTICE_FLAGS.map(flagColumn),
    {
      title: t('alarms.preferences.duration'),
      key: 'duration',
      width: 150,
      render: (_v, row) => {
        if (row.code === undefined) return null;
        const p = edits.get(row.code);
        return p ? (
          <InputNumber
            size="small"
            min={0}
            step={1}
            precision={0}
            value={p.duration}
            aria-label={`${t('alarms.preferences.duration')}: ${row.name}`}
            onChange={(v) => update([row.code as number], (x) => withDuration(x, v))}
            data-testid={`pref-duration-${row.code}`}
          />
        ) : null;
      },
    },
  ];

  return (
    <>
      <p className="hw-alarms__muted">{t('alarms.preferences.hint')}</p>
      <Table<TreeRow>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 460 }}
        data-testid="alarm-preferences"
      />
      <div className="hw-alarms__footer">
        <Button onClick={onCancel}>{t('alarms.cancel')}</Button>
        <Button
          type="primary"
          loading={save.isPending}
          onClick={() => save.mutate()}
          data-testid="alarm-preferences-save"
        >
          {t('alarms.preferences.save')}
        </Button>
      </div>
    </>
  );
}

/** The alarm filter dialog (spec section 2, 950 px): the user's notice preferences per alarm type. */
export default function FilterDialog() {
  const { t } = useTranslation('alarms');
  const { message } = App.useApp();
  const client = useQueryClient();
  const open = useAlarmCentre((s) => s.filterOpen);
  const preferences = useQuery({ queryKey: PREFERENCES_KEY, queryFn: alarmApi.preferences, enabled: open });
  const close = () => alarmCentre.openFilter(false);

  const saved = (list: AlarmPreference[]) => {
    client.setQueryData(PREFERENCES_KEY, list);
    alarmCentre.setNotices(list);
    alarmCentre.clearForPreferences();
    // The list is cleared and fetched again under the new preferences.
    void client.resetQueries({ queryKey: REAL_KEY });
    message.success(t('alarms.preferences.saved'), 2);
    close();
  };

  return (
    <Modal
      open={open}
      width={950}
      title={t('alarms.preferences.title')}
      onCancel={close}
      footer={null}
      destroyOnHidden
      data-testid="alarm-filter-dialog"
    >
      {preferences.data ? (
        <PreferencesEditor saved={preferences.data} onSaved={saved} onCancel={close} />
      ) : preferences.isError ? (
        <ListError error={preferences.error} onRetry={() => void preferences.refetch()} />
      ) : (
        <Table loading columns={[]} dataSource={[]} />
      )}
    </Modal>
  );
}
