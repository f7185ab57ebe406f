import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Modal, Table, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ClientError, useErrorLog } from './store';

/** Navbar button (shown once something went wrong) and the dialog listing client errors. */
export function ErrorLog() {
  const { t } = useTranslation();
  const errors = useErrorLog((s) => s.errors);
  const clear = useErrorLog((s) => s.clear);
  const [open, setOpen] = useState(false);
  if (errors.length === 0 && !open) return null;
  return (
    <>
      <Tooltip title={t('errorLog.title')} placement="bottom">
        <Button type="text" onClick={() => setOpen(true)} data-testid="error-log" aria-label={t('errorLog.title')}>
          <Badge count={errors.length} size="small" overflowCount={99}>
            <BugOutlined style={{ color: 'var(--ant-color-error)', fontSize: 16 }} />
          </Badge>
        </Button>
      </Tooltip>
      <Modal
        open={open}
        title={t('errorLog.title')}
        width={1000}
        onCancel={() => setOpen(false)}
        footer={[
          <Button key="clear" danger onClick={clear}>
            {t('errorLog.clear')}
          </Button>,
          <Button key="ok" type="primary" onClick={() => setOpen(false)}>
            {t('common.ok')}
          </Button>,
        ]}
      >
        <Table<ClientError>
          rowKey="id"
          size="small"
          dataSource={errors}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: t('errorLog.empty') }}
          columns={[
            {
              title: t('errorLog.time'),
              dataIndex: 'time',
              width: 90,
              render: (v: number) => dayjs(v).format('HH:mm:ss'),
            },
            { title: t('errorLog.message'), dataIndex: 'message', width: 220 },
            {
              title: t('errorLog.info'),
              dataIndex: 'info',
              render: (v: string) => <Typography.Text code>{v.slice(0, 200)}</Typography.Text>,
            },
            { title: t('errorLog.url'), dataIndex: 'url', width: 200, ellipsis: true },
          ]}
          expandable={{
            expandedRowRender: (row) => (
              <pre style={{ fontSize: 12, whiteSpace: 'pre-wrap', margin: 0 }}>{row.stack}</pre>
            ),
            rowExpandable: (row) => row.stack.length > 0,
          }}
        />
      </Modal>
    </>
  );
}
