import type { MessageLogRow } from '@headway/server/contract';
import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../auth/session-store';
import { formatTime } from '../../../i18n/format';
import { messagesApi, messagesKeys } from '../api';
import { STATE_COLOURS, stateName } from '../labels';

/** The most a day's history shows (the log screen has them all). */
const HISTORY_LIMIT = 200;

/** The user's messages sent today (spec: message log {account, start of today, now}), newest first. */
export function HistoryPanel() {
  const { t, i18n } = useTranslation('messages');
  const account = useSession((s) => s.user?.account ?? '');
  const history = useQuery({
    queryKey: messagesKeys.history(account),
    queryFn: () =>
      messagesApi.log({
        account,
        start_time: dayjs().startOf('day').unix(),
        end_time: dayjs().unix(),
        limit: HISTORY_LIMIT,
      }),
    enabled: account !== '',
    staleTime: 0,
  });
  const rows = [...(history.data?.rows ?? [])].sort((a, b) => b.send_time - a.send_time || b.id - a.id);

  return (
    <aside className="hw-chat-history" data-testid="chat-history">
      <h3 className="hw-chat-history__title">{t('messages.historyTitle')}</h3>
      <Spin spinning={history.isFetching}>
        {rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.historyEmpty')} />
        ) : (
          <ul className="hw-chat-history__list">
            {rows.map((row: MessageLogRow) => (
              <li key={row.id} className="hw-chat-history__row" data-testid="chat-history-row">
                <div className="hw-chat-history__head">
                  <span className="hw-chat-history__car">{row.car_name}</span>
                  <Tag color={STATE_COLOURS[row.send_state]}>{stateName(row.send_state, i18n.language)}</Tag>
                </div>
                <div className="hw-chat-history__msg">{row.msg}</div>
                {row.reply_msg && (
                  <div className="hw-chat-history__reply" data-testid="chat-history-reply">
                    {t('messages.driverReply', { text: row.reply_msg })}
                  </div>
                )}
                <time className="hw-chat-history__time">{formatTime(row.send_time)}</time>
              </li>
            ))}
          </ul>
        )}
      </Spin>
    </aside>
  );
}
