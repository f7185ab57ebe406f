import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Modal, Spin, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commandsApi, commandsKeys } from '../../../commands/api';
import { type RegionPushOutcome, type RegionRow, regionApi, regionKeys } from '../../../regions/api';
import { failureText } from '../failure';
import { vehicleChoicesOf } from '../vehicle-choices';
import { PushOutcomeList } from './PushOutcomeList';

interface PushDialogProps {
  region: RegionRow;
  open: boolean;
  onClose: () => void;
}

/**
 * "Send to vehicles": pick vehicles from the company's tree, send the region (0x8600–0x8606, one command per
 * terminal, answered together by POST /basic/region/push), then each vehicle's outcome.
 */
export function PushDialog({ region, open, onClose }: PushDialogProps) {
  const { t } = useTranslation('regions');
  const { notification } = App.useApp();
  const client = useQueryClient();
  const [picked, setPicked] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<RegionPushOutcome[] | null>(null);
  const tree = useQuery({
    queryKey: commandsKeys.vehicleTree,
    queryFn: commandsApi.vehicleTree,
    staleTime: 5 * 60_000,
    enabled: open,
  });
  const { choices, carIds } = useMemo(
    () => vehicleChoicesOf(tree.data ?? [], t('regions.page.noFleet')),
    [tree.data, t],
  );

  const close = () => {
    setPicked([]);
    setOutcome(null);
    onClose();
  };

  async function send() {
    const car_list = picked.map((gid) => carIds.get(gid)).filter((id): id is number => id !== undefined);
    if (car_list.length === 0) return;
    setSending(true);
    try {
      const result = await regionApi.push({ region_id: region.id, car_list });
      setOutcome(result.rows);
      void client.invalidateQueries({ queryKey: regionKeys.pushes(region.id) });
    } catch (error) {
      notification.error({ title: t('regions.failed', failureText(error)) });
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open={open}
      onCancel={close}
      title={`${t('regions.page.sendTo')} · ${region.region_name}`}
      width={600}
      destroyOnHidden
      footer={
        outcome ? (
          <Button onClick={close}>{t('regions.page.close')}</Button>
        ) : (
          <>
            <Button onClick={close}>{t('regions.cancel')}</Button>
            <Button
              type="primary"
              loading={sending}
              disabled={picked.length === 0}
              onClick={() => void send()}
              data-testid="region-push-send"
            >
              {t('regions.page.send')}
            </Button>
          </>
        )
      }
    >
      {outcome ? (
        <PushOutcomeList rows={outcome} />
      ) : (
        <Spin spinning={sending} description={t('regions.page.sending')}>
          <Form layout="vertical">
            <Form.Item label={t('regions.page.vehicles')} htmlFor="region-push-vehicles" required>
              <TreeSelect<string[]>
                id="region-push-vehicles"
                treeCheckable
                showCheckedStrategy={TreeSelect.SHOW_CHILD}
                treeDefaultExpandAll
                treeData={choices}
                value={picked}
                onChange={setPicked}
                loading={tree.isFetching}
                placeholder={t('regions.page.vehiclesPlaceholder')}
                showSearch={{ treeNodeFilterProp: 'title' }}
                maxTagCount="responsive"
                style={{ width: '100%' }}
                data-testid="region-push-vehicles"
              />
            </Form.Item>
          </Form>
        </Spin>
      )}
    </Modal>
  );
}
