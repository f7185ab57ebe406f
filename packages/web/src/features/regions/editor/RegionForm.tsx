import {
  labelIn,
  parseCoordinateSearch,
  REGION_TYPES,
  REGION_USE_TYPES,
  type RegionType,
  RegionTypeCode,
} from '@headway/spec';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import { type RegionRow, regionApi, regionKeys } from '../api';
import type { RegionDrawing } from '../draw/use-region-drawing';
import {
  canSave,
  formValuesOf,
  REGION_NAME_MAX,
  REGION_REMARK_MAX,
  type RegionFormValues,
  regionBody,
  trimmedName,
} from './region-form-values';
import './region-form.css';

// The region's shape form, shared by the fence selector's "add region" tab and the editor dialog: its fields, the
// type whose shape is drawn on the map beside it (state in `drawing`, drawn by <RegionDraw>), and the save with
// the spec's notices (section 8: saved for 2 s; a failure as the server's message with its code).

const NOTIFICATION_SECONDS = 2;
const TYPES = Object.keys(REGION_TYPES).map(Number) as RegionType[];
const USE_TYPES = Object.keys(REGION_USE_TYPES).map(Number) as (keyof typeof REGION_USE_TYPES)[];
const HINTS = ['hintPoi', 'hintCircle', 'hintRectangle', 'hintPolygon', 'hintPath'] as const;

export interface RegionFormProps {
  /** The region edited, null to add one. */
  editing: RegionRow | null;
  drawing: RegionDrawing;
  onSaved: (row: RegionRow) => void;
  onCancel?: () => void;
}

export function RegionForm({ editing, drawing, onSaved, onCancel }: RegionFormProps) {
  const { t, i18n } = useTranslation('regions');
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RegionFormValues>();
  const [saving, setSaving] = useState(false);
  const [coords, setCoords] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: a different region (or adding) starts the form again
  useEffect(() => form.setFieldsValue(formValuesOf(editing)), [editing?.id]);

  const submit = async (values: RegionFormValues) => {
    if (!canSave(drawing.point)) return;
    setSaving(true);
    try {
      const body = regionBody(values, drawing.type, drawing.point, editing);
      const row = 'id' in body ? await regionApi.update(body) : await regionApi.create(body);
      notification.success({ title: t('regions.saved'), duration: NOTIFICATION_SECONDS });
      void queryClient.invalidateQueries({ queryKey: regionKeys.all });
      onSaved(row);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : -1;
      const message = error instanceof Error ? error.message : String(error);
      notification.error({ title: t('regions.failed', { message, code }) });
    } finally {
      setSaving(false);
    }
  };

  const search = (text: string) => {
    // Spec section 5: anything but `lat,lng` in range is ignored, never an error.
    const at = parseCoordinateSearch(text);
    if (at) drawing.goTo(at.lat, at.lng);
  };

  const drawn = canSave(drawing.point);
  return (
    <div className="hw-region-form" data-testid="region-form" data-region-drawn={drawing.point ?? ''}>
      <Form<RegionFormValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '92px' }}
        labelWrap
        wrapperCol={{ flex: '1 1 0' }}
        colon={false}
        size="small"
        initialValues={formValuesOf(editing)}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="region_name"
          label={t('regions.name')}
          validateDebounce={400}
          rules={[
            { required: true, whitespace: true, message: t('regions.selector.nameRequired') },
            {
              validator: async (_, value: string | undefined) => {
                const name = trimmedName(value);
                if (!name) return;
                if (name.length > REGION_NAME_MAX) {
                  throw new Error(t('regions.selector.nameTooLong', { max: REGION_NAME_MAX }));
                }
                if (!(await regionApi.nameFree(name, editing?.id))) {
                  throw new Error(t('regions.selector.nameTaken', { name }));
                }
              },
            },
          ]}
        >
          <Input data-testid="region-name" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={t('regions.type')}
          labelCol={{ span: 24 }}
          wrapperCol={{ span: 24 }}
          className="hw-region-form__type"
        >
          <Radio.Group
            value={drawing.type}
            onChange={(e) => drawing.setType(e.target.value as RegionType)}
            aria-label={t('regions.type')}
          >
            {TYPES.map((type) => (
              <Radio key={type} value={type}>
                <span data-testid={`region-type-${type}`}>{labelIn(REGION_TYPES[type].label, i18n.language)}</span>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('regions.selector.coordinates')}>
          <Space.Compact block>
            <Input
              value={coords}
              onChange={(e) => setCoords(e.target.value)}
              onPressEnter={(e) => {
                // Enter goes to the place; it must not submit the form.
                e.preventDefault();
                search(coords);
              }}
              placeholder={t('regions.selector.coordinatesPlaceholder')}
              aria-label={t('regions.selector.coordinates')}
              data-testid="region-coords"
              autoComplete="off"
            />
            <Button onClick={() => search(coords)} data-testid="region-coords-go">
              {t('regions.selector.go')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <div className="hw-region-form__drawn">
          <Typography.Text type={drawn ? 'success' : 'secondary'} data-testid="region-draw-hint">
            {drawn ? t('regions.selector.drawn') : t(`regions.selector.${HINTS[drawing.type]}`)}
          </Typography.Text>
          <Button size="small" onClick={drawing.clear} disabled={!drawing.point} data-testid="region-clear">
            {t('regions.selector.clear')}
          </Button>
        </div>
        {drawing.type === RegionTypeCode.path && (
          <Form.Item name="width" label={t('regions.width')} rules={[{ required: true }]}>
            <InputNumber min={1} max={10_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {drawing.type !== RegionTypeCode.poi && (
          <Form.Item name="overstay_minutes" label={t('regions.overstay')} extra={t('regions.overstayHint')}>
            <InputNumber min={1} max={100_000} precision={0} style={{ width: '100%' }} data-testid="region-overstay" />
          </Form.Item>
        )}
        <Form.Item name="use_type" label={t('regions.useType')}>
          <Select<number>
            options={[
              { value: 0, label: t('regions.useNone') },
              ...USE_TYPES.map((u) => ({ value: u, label: labelIn(REGION_USE_TYPES[u].label, i18n.language) })),
            ]}
          />
        </Form.Item>
        <Form.Item name="is_share" label={t('regions.shared')}>
          <Radio.Group
            options={[
              { value: false, label: t('regions.sharedNo') },
              { value: true, label: t('regions.sharedYes') },
            ]}
          />
        </Form.Item>
        <Form.Item name="img_url" label={t('regions.image')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('regions.remark')}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                if ((value ?? '').trim().length > REGION_REMARK_MAX) {
                  throw new Error(t('regions.selector.remarkTooLong', { max: REGION_REMARK_MAX }));
                }
              },
            },
          ]}
        >
          <Input.TextArea rows={2} showCount={{ formatter: ({ count }) => `${count} / ${REGION_REMARK_MAX}` }} />
        </Form.Item>
        <div className="hw-region-form__actions">
          {onCancel && <Button onClick={onCancel}>{t('regions.cancel')}</Button>}
          <Button type="primary" htmlType="submit" loading={saving} disabled={!drawn} data-testid="region-save">
            {t('regions.save')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
