import { useMutation } from '@tanstack/react-query';
import { App, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmApi } from '../api';

/** Spec section 5: a handling remark holds at most 255 characters. */
export const REMARK_MAX = 255;

/**
 * The handle dialog (spec section 2, 600 px): marks alarms read with an optional remark (PUT /device/alarm; unread
 * → read only, never back). Success says so for 2 s (spec section 8); a failure is told by the request client and
 * leaves the dialog open with what was typed.
 */
export function HandleDialog({ ids, onClose, onDone }: { ids: number[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('alarms');
  const { message } = App.useApp();
  const [remark, setRemark] = useState('');
  const handle = useMutation({
    mutationFn: () => alarmApi.handle({ id_list: ids, is_readed: 1, remark: remark.trim() }),
    onSuccess: () => {
      message.success(t('alarms.handle.success'), 2);
      onDone();
    },
  });
  return (
    <Modal
      open
      width={600}
      title={t('alarms.handle.title', { count: ids.length })}
      okText={t('alarms.handle.submit')}
      cancelText={t('alarms.cancel')}
      confirmLoading={handle.isPending}
      onOk={() => handle.mutate()}
      onCancel={onClose}
      data-testid="alarm-handle-dialog"
    >
      <label htmlFor="alarm-remark" className="hw-alarms__muted">
        {t('alarms.handle.remark')}
      </label>
      <Input.TextArea
        id="alarm-remark"
        rows={4}
        maxLength={REMARK_MAX}
        showCount
        value={remark}
        onChange={(e) => setRemark(e.target.value)}
        placeholder={t('alarms.handle.remarkHint')}
        data-testid="alarm-remark"
      />
    </Modal>
  );
}
