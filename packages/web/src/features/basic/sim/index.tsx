import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type PageQuery } from '../../../api/list';
import { ListPage } from '../../../components/list-page/ListPage';
import { fleetKeys, type SimRecord, simApi } from '../../fleet/api';
import { SimDialog } from '../../fleet/components/SimDialog';
import { formatDay, simLabel } from '../../fleet/labels';

type Query = PageQuery & { search?: string };
const fetchSims = ({ page = 1, limit = DEFAULT_LIMIT, search }: Query) => simApi.list({ page, limit, search });

/** Basic → SIM cards (BasicSim): numbers shown masked (spec section 5), with the terminal using each. */
export default function SimPage() {
  const { t, i18n } = useTranslation(['fleet', 'translation']);
  const { t: tc } = useTranslation();
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
  ];

  return (
    <ListPage<SimRecord, Query>
      testId="sim"
      queryKey={fleetKeys.sims}
      fetch={fetchSims}
      rowKey="id"
      searchPlaceholder={t('fleet.search.sims')}
      columns={columns}
      remove={{ run: (row) => simApi.remove(row.id), confirm: () => tc('common.deleteConfirm') }}
      exporter={{ path: '/basic/sims/export', fileBase: 'sims' }}
      dialog={(editing, close, saved) => (
        <SimDialog open={editing !== null} record={editing?.row ?? null} onClose={close} onSaved={saved} />
      )}
    />
  );
}
