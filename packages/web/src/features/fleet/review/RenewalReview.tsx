import { RENEWAL_KINDS, RENEWAL_STATES, RenewalStateCode } from '@headway/spec';
import { App, Select, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type PageQuery } from '../../../api/list';
import { ConfirmLink } from '../../../components/list-page/ConfirmLink';
import { failureText } from '../../../components/list-page/failure';
import { ListPage } from '../../../components/list-page/ListPage';
import { formatTime } from '../../../i18n/format';
import { usePermission } from '../../../shell/view-host/view-context';
import { fleetKeys, type RenewalRow, vehicleApi } from '../api';
import { codeLabel, codeOptions, formatDay, renewalLabel, vehicleLabel } from '../labels';

type Query = PageQuery & { search?: string; state?: number; renew_type?: number };
const fetchRenewals = ({ page = 1, limit = DEFAULT_LIMIT, ...filter }: Query) =>
  vehicleApi.renewals({ page, limit, ...filter });
const STATE_COLOURS: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'default' };

/**
 * Basic → renewal review (spec section 4 "Vehicle renewal: 0 to be reviewed, 1 reviewed, 2 cancelled"): a pending
 * renewal is approved (the screen's pass bit; the vehicle's date moves) or cancelled (its cancel bit).
 */
export function RenewalReview() {
  const { t, i18n } = useTranslation(['fleet', 'translation']);
  const { message } = App.useApp();
  const can = usePermission();
  const lang = i18n.language;

  async function review(row: RenewalRow, state: 1 | 2, reload: () => void) {
    try {
      await vehicleApi.review({ id: row.id, state });
      void message.success(state === 1 ? t('fleet.review.passed') : t('fleet.review.cancelled'));
      reload();
    } catch (error) {
      void message.error(failureText(error), 5);
    }
  }

  const columns: TableColumnsType<RenewalRow> = [
    { title: vehicleLabel('car_name', lang), dataIndex: 'car_name', width: 140 },
    { title: vehicleLabel('lpn', lang), dataIndex: 'lpn', width: 110 },
    {
      title: renewalLabel('renew_type', lang),
      dataIndex: 'renew_type',
      width: 170,
      render: (c: number) => codeLabel(RENEWAL_KINDS, c, lang),
    },
    { title: renewalLabel('old_time', lang), dataIndex: 'old_time', width: 120, render: formatDay },
    { title: renewalLabel('new_time', lang), dataIndex: 'new_time', width: 120, render: formatDay },
    {
      title: renewalLabel('state', lang),
      dataIndex: 'state',
      width: 120,
      render: (c: number) => <Tag color={STATE_COLOURS[c] ?? 'default'}>{codeLabel(RENEWAL_STATES, c, lang)}</Tag>,
    },
    { title: renewalLabel('created_by_account', lang), dataIndex: 'created_by_account', width: 120 },
    {
      title: renewalLabel('reviewed_by_account', lang),
      dataIndex: 'reviewed_by_account',
      width: 120,
      render: (v: string) => v || '--',
    },
    { title: renewalLabel('reviewed_at', lang), dataIndex: 'reviewed_at', width: 170, render: formatTime },
    { title: t('common.remark', { ns: 'translation' }), dataIndex: 'remark', ellipsis: true },
  ];

  return (
    <ListPage<RenewalRow, Query>
      testId="renewal-review"
      testIds={{ page: 'renewal-review' }}
      queryKey={fleetKeys.renewals}
      fetch={fetchRenewals}
      initialFilter={{ state: RenewalStateCode.pending }}
      searchPlaceholder={t('fleet.search.vehicles')}
      filters={(filter, query) => (
        <>
          <Select<number | 'all'>
            style={{ width: 160 }}
            value={query.state ?? 'all'}
            onChange={(value) => filter({ state: value === 'all' ? undefined : value })}
            options={[{ value: 'all', label: t('fleet.allStates') }, ...codeOptions(RENEWAL_STATES, lang)]}
            aria-label={renewalLabel('state', lang)}
          />
          <Select<number | 'all'>
            style={{ width: 200 }}
            value={query.renew_type ?? 'all'}
            onChange={(value) => filter({ renew_type: value === 'all' ? undefined : value })}
            options={[{ value: 'all', label: t('fleet.review.allKinds') }, ...codeOptions(RENEWAL_KINDS, lang)]}
            aria-label={renewalLabel('renew_type', lang)}
          />
        </>
      )}
      columns={columns}
      rowActions={(row, { reload }) =>
        row.state === RenewalStateCode.pending && (
          <>
            {can('pass') && (
              <ConfirmLink title={t('fleet.review.passConfirm')} onConfirm={() => review(row, 1, reload)}>
                {t('fleet.review.pass')}
              </ConfirmLink>
            )}
            {can('cancel') && (
              <ConfirmLink title={t('fleet.review.cancelConfirm')} onConfirm={() => review(row, 2, reload)}>
                {t('fleet.review.cancel')}
              </ConfirmLink>
            )}
          </>
        )
      }
      actionsWidth={190}
    />
  );
}
