import type { MessageLogRow } from '@headway/server/contract';
import type { TableColumnsType } from 'antd';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { formatTime } from '../../../i18n/format';
import { flagNames, STATE_COLOURS, stateName, targetName } from '../labels';

/** The message log's columns (spec "Dispatch message history" and what the log keeps beyond it). */
export function messageLogColumns(t: TFunction<'messages'>, language: string): TableColumnsType<MessageLogRow> {
  return [
    { title: t('messages.logScreen.vehicle'), dataIndex: 'car_name', width: 120, ellipsis: true },
    {
      title: t('messages.logScreen.msg'),
      dataIndex: 'msg',
      render: (v: string) => <span className="hw-message-log__msg">{v}</span>,
    },
    {
      title: t('messages.flags'),
      dataIndex: 'flag',
      width: 180,
      render: (v: number) => flagNames(v, language).map((name) => <Tag key={name}>{name}</Tag>),
    },
    {
      title: t('messages.target'),
      dataIndex: 'target',
      width: 120,
      render: (v: string) => targetName(v, language),
    },
    { title: t('messages.logScreen.account'), dataIndex: 'account', width: 110, ellipsis: true },
    { title: t('messages.logScreen.sendTime'), dataIndex: 'send_time', width: 165, render: formatTime },
    {
      title: t('messages.logScreen.state'),
      dataIndex: 'send_state',
      width: 150,
      render: (v: MessageLogRow['send_state']) => <Tag color={STATE_COLOURS[v]}>{stateName(v, language)}</Tag>,
    },
    { title: t('messages.logScreen.replyTime'), dataIndex: 'reply_time', width: 165, render: formatTime },
    {
      title: t('messages.logScreen.replyMsg'),
      dataIndex: 'reply_msg',
      ellipsis: true,
      render: (v: string) => v || '--',
    },
    { title: t('messages.logScreen.expireTime'), dataIndex: 'expire_time', width: 165, render: formatTime },
  ];
}
