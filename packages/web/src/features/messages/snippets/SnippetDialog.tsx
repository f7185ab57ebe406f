import { PlusOutlined } from '@ant-design/icons';
import type { SnippetRow } from '@headway/server/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmLink } from '../../../components/list-page/ConfirmLink';
import { messagesApi, messagesKeys } from '../api';

interface SnippetDialogProps {
  /** Add, save and delete (spec section 6: snippet add/save/delete need edit). */
  canEdit: boolean;
  onPick: (snippet: string) => void;
  onClose: () => void;
}

/** The unsaved row's id: server ids are positive. */
const DRAFT_ID = -1;

type Row = Pick<SnippetRow, 'id' | 'snippet'>;

/**
 * Canned messages (spec: 600 px dialog; one unsaved row at a time, else the "unsaved" warning; double-click picks).
 * Add opens an empty row at the top, save creates it on the server, cancel drops it. Mounted while open, so an
 * unsaved row goes with the dialog.
 */
export function SnippetDialog({ canEdit, onPick, onClose }: SnippetDialogProps) {
  const { t } = useTranslation('messages');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const snippets = useQuery({ queryKey: messagesKeys.snippets, queryFn: messagesApi.snippets });
  const [draft, setDraft] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (text: string) => messagesApi.addSnippet(text),
    onSuccess: (row) => {
      client.setQueryData<{ rows: SnippetRow[] }>(messagesKeys.snippets, (data) => ({
        rows: [row, ...(data?.rows ?? [])],
      }));
      setDraft(null);
      void message.success(tc('common.saved'), 2);
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => messagesApi.deleteSnippet(id),
    onSuccess: (_result, id) => {
      client.setQueryData<{ rows: SnippetRow[] }>(messagesKeys.snippets, (data) => ({
        rows: (data?.rows ?? []).filter((r) => r.id !== id),
      }));
      void message.success(tc('common.deleted'), 2);
    },
  });

  const add = () => {
    if (draft !== null) {
      void message.warning(t('messages.snippet.unsaved'));
      return;
    }
    setDraft('');
  };

  const rows: Row[] = [...(draft === null ? [] : [{ id: DRAFT_ID, snippet: draft }]), ...(snippets.data?.rows ?? [])];

  const columns: TableColumnsType<Row> = [
    {
      title: t('messages.snippet.text'),
      dataIndex: 'snippet',
      render: (text: string, row) =>
        row.id === DRAFT_ID ? (
          <Input.TextArea
            autoFocus
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={1024}
            value={text}
            aria-label={t('messages.snippet.text')}
            onChange={(e) => setDraft(e.target.value)}
            data-testid="snippet-draft"
          />
        ) : (
          <span className="hw-snippet__text">{text}</span>
        ),
    },
    ...(canEdit
      ? [
          {
            title: tc('common.actions'),
            key: 'actions',
            width: 140,
            render: (_: unknown, row: Row) =>
              row.id === DRAFT_ID ? (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    disabled={!draft?.trim()}
                    loading={save.isPending}
                    onClick={() => draft?.trim() && save.mutate(draft.trim())}
                    data-testid="snippet-save"
                  >
                    {tc('common.save')}
                  </Button>
                  <Button type="link" size="small" onClick={() => setDraft(null)} data-testid="snippet-cancel">
                    {tc('common.cancel')}
                  </Button>
                </Space>
              ) : (
                <ConfirmLink title={tc('common.deleteConfirm')} onConfirm={() => remove.mutateAsync(row.id)}>
                  {tc('common.delete')}
                </ConfirmLink>
              ),
          },
        ]
      : []),
  ];

  return (
    <Modal
      open
      width={600}
      title={t('messages.snippets')}
      footer={null}
      onCancel={onClose}
      data-testid="snippet-dialog"
    >
      <div className="hw-snippet__bar">
        <span className="hw-snippet__hint">{t('messages.snippet.hint')}</span>
        {canEdit && (
          <Button type="primary" size="small" icon={<PlusOutlined />} onClick={add} data-testid="snippet-add">
            {tc('common.add')}
          </Button>
        )}
      </div>
      <Table<Row>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={snippets.isFetching}
        pagination={false}
        scroll={{ y: 360 }}
        locale={{ emptyText: t('messages.snippet.empty') }}
        onRow={(row) => ({
          'data-testid': 'snippet-row',
          onDoubleClick: () => {
            if (row.id === DRAFT_ID) return;
            onPick(row.snippet);
            onClose();
          },
        })}
      />
    </Modal>
  );
}
