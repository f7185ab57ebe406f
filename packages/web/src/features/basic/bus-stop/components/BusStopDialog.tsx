import {
  ALREADY_EXISTS,
  BUS_STOP_STATES,
  CLOCK_PATTERN,
  fillLabel,
  LINE_CODE_MAX,
  LINE_CODE_PATTERN,
  LINE_FIELD_LABELS,
  LINE_REMARK_MAX,
  labelIn,
  roundCoordinate,
  STOP_NAME_MAX,
} from '@headway/spec';
import { App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type FormDialogProps, useFormDialog } from '../../../../components/form-dialog/use-form-dialog';
import { readViewport, TiledMap } from '../../../../map';
import { type BusStopRow, busStopApi } from '../../../basic-lines/api';
import { failureMessage } from '../../../basic-lines/failures';
import { StopMarker } from './StopMarkers';

// The bus stop dialog: the spec's 1000×600 marker-map dialog — the stop's fields beside a map where a click or a
// drag places it (coordinates with the spec's 6 decimals).

interface StopFormValues {
  stop_name: string;
  stop_code: string;
  title: string;
  code: string;
  state: number;
  address: string;
  open_time: string;
  lat: number | null;
  lng: number | null;
}

const FALLBACK_VIEW = { lng: 100.5, lat: 13.75, zoom: 13 };

function valuesOf(row: BusStopRow | null): StopFormValues {
  return {
    stop_name: row?.stop_name ?? '',
    stop_code: row?.stop_code ?? '',
    title: row?.title ?? '',
    code: row?.code ?? '',
    state: row?.state ?? 0,
    address: row?.address ?? '',
    open_time: row?.open_time ?? '',
    lat: row?.lat ?? null,
    lng: row?.lng ?? null,
  };
}

export function BusStopDialog({ open, editing, onClose, onSaved }: FormDialogProps<BusStopRow>) {
  const { t, i18n } = useTranslation('basic-lines');
  const { message } = App.useApp();
  const [form] = Form.useForm<StopFormValues>();
  const language = i18n.language;
  const dialog = useFormDialog(form, {
    open,
    editing,
    valuesOf,
    save: async (values) => {
      const body = {
        stop_name: values.stop_name.trim(),
        stop_code: values.stop_code.trim(),
        title: values.title.trim(),
        code: values.code.trim(),
        state: values.state,
        address: values.address.trim(),
        open_time: values.open_time.trim(),
        lat: values.lat ?? 0,
        lng: values.lng ?? 0,
      };
      try {
        if (editing) await busStopApi.update({ id: editing.id, ...body });
        else await busStopApi.create(body);
      } catch (error) {
        void message.error(failureMessage(error, t));
        throw error;
      }
      void message.success(t('basicLines.saved'));
      onSaved();
    },
  });

  // A new stop is offered the next free code.
  useEffect(() => {
    if (!open || editing) return;
    void busStopApi.nextCode().then(({ stop_code }) => {
      if (!form.getFieldValue('stop_code')) form.setFieldValue('stop_code', stop_code);
    });
  }, [open, editing, form]);

  const lat = Form.useWatch('lat', form);
  const lng = Form.useWatch('lng', form);
  const name = Form.useWatch('stop_name', form) ?? '';
  const view =
    editing !== null
      ? { lat: editing.lat, lng: editing.lng, zoom: 16 }
      : readViewport(typeof localStorage === 'undefined' ? null : localStorage, FALLBACK_VIEW);

  return (
    <Modal
      {...dialog}
      title={editing ? t('basicLines.stop.editTitle') : t('basicLines.stop.addTitle')}
      onCancel={onClose}
      width={1000}
    >
      <div className="hw-stop-dialog">
        <Form form={form} layout="vertical" className="hw-stop-dialog__form" data-testid="stop-form">
          <Form.Item
            name="stop_name"
            label={t('basicLines.stop.name')}
            rules={[{ required: true, whitespace: true, message: t('basicLines.required') }, { max: STOP_NAME_MAX }]}
          >
            <Input autoComplete="off" data-testid="stop-form-name" />
          </Form.Item>
          <Form.Item
            name="stop_code"
            label={t('basicLines.stop.code')}
            validateDebounce={400}
            rules={[
              { required: true, whitespace: true, message: t('basicLines.required') },
              { max: LINE_CODE_MAX, pattern: LINE_CODE_PATTERN, message: t('basicLines.codeRule') },
              {
                validator: async (_, value: string | undefined) => {
                  const code = value?.trim();
                  if (!code || !LINE_CODE_PATTERN.test(code)) return;
                  if (!(await busStopApi.codeFree(code, editing?.id))) {
                    throw new Error(
                      fillLabel(
                        labelIn(ALREADY_EXISTS, language),
                        labelIn(LINE_FIELD_LABELS.stop_code, language),
                        code,
                      ),
                    );
                  }
                },
              },
            ]}
          >
            <Input autoComplete="off" data-testid="stop-form-code" />
          </Form.Item>
          <Form.Item name="title" label={t('basicLines.stop.title')} rules={[{ max: 128 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="state" label={t('basicLines.stop.state')}>
            <Select
              options={Object.entries(BUS_STOP_STATES).map(([c, e]) => ({
                value: Number(c),
                label: labelIn(e.label, language),
              }))}
            />
          </Form.Item>
          <Form.Item name="address" label={t('basicLines.stop.address')} rules={[{ max: LINE_REMARK_MAX }]}>
            <Input />
          </Form.Item>
          <Form.Item
            name="open_time"
            label={t('basicLines.stop.openTime')}
            rules={[{ pattern: CLOCK_PATTERN, message: t('basicLines.clockRule') }]}
          >
            <Input placeholder="05:00" />
          </Form.Item>
          <Form.Item
            name="lat"
            label={t('basicLines.stop.lat')}
            rules={[{ required: true, message: t('basicLines.stop.markerHint') }]}
          >
            <InputNumber min={-90} max={90} precision={6} style={{ width: '100%' }} data-testid="stop-form-lat" />
          </Form.Item>
          <Form.Item
            name="lng"
            label={t('basicLines.stop.lng')}
            rules={[{ required: true, message: t('basicLines.stop.markerHint') }]}
          >
            <InputNumber min={-180} max={180} precision={6} style={{ width: '100%' }} data-testid="stop-form-lng" />
          </Form.Item>
          <Form.Item name="code" label={t('basicLines.stop.otherCode')} rules={[{ max: 64 }]}>
            <Input />
          </Form.Item>
        </Form>
        <div className="hw-stop-dialog__map-box">
          <div className="hw-stop-dialog__hint">{t('basicLines.stop.markerHint')}</div>
          {open && (
            <TiledMap
              key={editing?.id ?? 'new'}
              center={[view.lng, view.lat]}
              zoom={view.zoom}
              className="hw-stop-dialog__map"
              testId="stop-form-map"
              labels={{
                name: t('basicLines.editor.mapName'),
                zoomIn: t('basicLines.editor.zoomIn'),
                zoomOut: t('basicLines.editor.zoomOut'),
                tilesUnavailable: t('basicLines.editor.tilesUnavailable'),
              }}
            >
              <StopMarker
                at={
                  typeof lat === 'number' && typeof lng === 'number'
                    ? { lat, lng }
                    : editing
                      ? { lat: editing.lat, lng: editing.lng }
                      : null
                }
                name={name}
                onMove={(la, ln) => form.setFieldsValue({ lat: roundCoordinate(la), lng: roundCoordinate(ln) })}
              />
            </TiledMap>
          )}
        </div>
      </div>
    </Modal>
  );
}
