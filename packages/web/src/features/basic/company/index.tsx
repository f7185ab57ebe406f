import { ARCHIVE_DAYS_MAX, ARCHIVE_DAYS_MIN, peaksRule, SALES_LEVELS } from '@headway/spec';
import { DatePicker, Form, Input, InputNumber, Select, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { hashPassword } from '../../../auth/password';
import { newPasswordRules } from '../../../auth/password-rules';
import { useSession } from '../../../auth/session-store';
import { FormDialog } from '../../../components/list-page/FormDialog';
import { ListPage } from '../../../components/list-page/ListPage';
import { formatTime } from '../../../i18n/format';
import { type CompanyRow, companyApi } from '../../organisation/api';
import { formRules } from '../../organisation/form-rules';
import { codeLabel, codeOptions } from '../../organisation/labels';
import { describeWith, dialogTitle, removeRow } from '../../organisation/list-parts';
import '../../organisation/organisation.css';

interface Values {
  name: string;
  title?: string;
  contact?: string;
  phone?: string;
  address?: string;
  sales_level?: number;
  archive_days?: number;
  peaks?: string;
  authorised_vehicles?: number;
  expire_time?: Dayjs | null;
  remark?: string;
  admin_account?: string;
  admin_password?: string;
}

type T = ReturnType<typeof useTranslation<['organisation', 'translation']>>['t'];
const labelsOf = (t: T) => ({
  name: t('organisation.company.name'),
  title: t('organisation.company.title'),
  contact: t('organisation.company.contact'),
  phone: t('organisation.phone'),
  address: t('organisation.company.address'),
  sales_level: t('organisation.company.salesLevel'),
  archive_days: t('organisation.company.archiveDays'),
  peaks: t('organisation.company.peaks'),
  authorised_vehicles: t('organisation.company.authorised'),
  expire_time: t('organisation.company.expire'),
  remark: t('organisation.remark'),
  admin_account: t('organisation.company.admin'),
  admin_password: t('organisation.company.adminPassword'),
});

function CompanyDialog(props: {
  row: CompanyRow | null;
  open: boolean;
  system: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { row, open, system } = props;
  const { t, i18n } = useTranslation(['organisation', 'translation']);
  const { t: tt } = useTranslation();
  const [form] = Form.useForm<Values>();
  const rules = formRules(t);
  const labels = labelsOf(t);
  const terms = system ? undefined : t('organisation.company.termsHint');
  return (
    <FormDialog<Values, CompanyRow>
      open={open}
      record={row}
      form={form}
      title={dialogTitle(t, row !== null, t('organisation.company.what'))}
      initialValues={() =>
        row
          ? { ...row, expire_time: row.expire_time ? dayjs.unix(row.expire_time) : null }
          : { sales_level: 1, archive_days: 180, authorised_vehicles: 0 }
      }
      onSubmit={({ admin_account, admin_password, expire_time, ...v }) => {
        const body = { ...v, expire_time: expire_time ? expire_time.endOf('day').unix() : null };
        if (row) return companyApi.update({ ...body, id: row.id });
        return companyApi.create({
          ...body,
          ...(admin_account?.trim() && admin_password
            ? { admin_account: admin_account.trim(), admin_password: hashPassword(admin_password) }
            : {}),
        });
      }}
      describeFailure={describeWith(t, labels)}
      onClose={props.onClose}
      onSaved={props.onSaved}
      width={760}
      columns="vertical"
      testId="company-form"
    >
      <div className="hw-org-form__grid">
        <Form.Item
          name="name"
          label={labels.name}
          validateDebounce={400}
          rules={rules.uniqueName(labels.name, (name) => companyApi.free({ name, id: row?.id }))}
        >
          <Input />
        </Form.Item>
        <Form.Item name="title" label={labels.title} rules={rules.maxLength(128)}>
          <Input />
        </Form.Item>
        <Form.Item name="contact" label={labels.contact} rules={rules.maxLength(64)}>
          <Input />
        </Form.Item>
        <Form.Item name="phone" label={labels.phone} rules={rules.phone()}>
          <Input />
        </Form.Item>
        <Form.Item name="archive_days" label={labels.archive_days}>
          <InputNumber min={ARCHIVE_DAYS_MIN} max={ARCHIVE_DAYS_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="peaks"
          label={labels.peaks}
          extra={t('organisation.company.peaksHint')}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const text = (value ?? '')
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean)
                  .join(',');
                if (peaksRule(text)) throw new Error(t('organisation.rules.peaks'));
              },
            },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="sales_level" label={labels.sales_level} extra={terms}>
          <Select
            options={codeOptions(SALES_LEVELS, i18n.language)}
            disabled={!system}
            aria-label={labels.sales_level}
          />
        </Form.Item>
        <Form.Item
          name="authorised_vehicles"
          label={labels.authorised_vehicles}
          extra={terms ?? t('organisation.company.authorisedHint')}
        >
          <InputNumber min={0} max={1_000_000} precision={0} disabled={!system} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="expire_time" label={labels.expire_time} extra={terms}>
          <DatePicker disabled={!system} style={{ width: '100%' }} aria-label={labels.expire_time} />
        </Form.Item>
      </div>
      <Form.Item name="address" label={labels.address} rules={rules.maxLength(255)}>
        <Input />
      </Form.Item>
      {!row && (
        <div className="hw-org-form__grid">
          <Form.Item
            name="admin_account"
            label={labels.admin_account}
            extra={t('organisation.company.adminHint')}
            rules={[
              rules.required(labels.admin_account),
              { min: 3, max: 64, message: t('translation:validation.nameLength') },
              { pattern: /^[A-Za-z0-9._@-]+$/, message: t('translation:validation.accountFormat') },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="admin_password"
            label={labels.admin_password}
            dependencies={['admin_account']}
            rules={newPasswordRules(tt, () => form.getFieldValue('admin_account') ?? '')}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </div>
      )}
      <Form.Item name="remark" label={labels.remark} rules={rules.remark()}>
        <Input.TextArea rows={2} maxLength={255} showCount />
      </Form.Item>
    </FormDialog>
  );
}

/**
 * Basic → Companies (BasicCompany): a system administrator sees and manages every company (adding one with its
 * first administrator); a company administrator sees and edits their own, the platform's terms read-only.
 */
export default function CompanyPage() {
  const { t, i18n } = useTranslation(['organisation', 'translation']);
  const language = i18n.language;
  const labels = labelsOf(t);
  const system = useSession((s) => s.user?.role_flag) === '@System';
  return (
    <ListPage<CompanyRow, Parameters<typeof companyApi.list>[0]>
      testId="company"
      queryKey="companies"
      fetch={companyApi.list}
      searchPlaceholder={t('organisation.company.searchHint')}
      canAdd={system}
      canDelete={system}
      columns={[
        { title: labels.name, dataIndex: 'name', width: 200 },
        { title: labels.contact, dataIndex: 'contact', width: 130, render: (v: string) => v || '--' },
        { title: labels.phone, dataIndex: 'phone', width: 140, render: (v: string) => v || '--' },
        {
          title: labels.sales_level,
          dataIndex: 'sales_level',
          width: 120,
          render: (c: number) => <Tag color="blue">{codeLabel(SALES_LEVELS, c, language)}</Tag>,
        },
        { title: t('organisation.company.vehicles'), dataIndex: 'vehicle_count', width: 90 },
        {
          title: labels.authorised_vehicles,
          dataIndex: 'authorised_vehicles',
          width: 120,
          render: (n: number) => n || '--',
        },
        { title: t('organisation.company.users'), dataIndex: 'user_count', width: 80 },
        { title: labels.archive_days, dataIndex: 'archive_days', width: 100 },
        { title: labels.peaks, dataIndex: 'peaks', width: 200, render: (v: string) => v || '--' },
        { title: labels.expire_time, dataIndex: 'expire_time', width: 170, render: formatTime },
      ]}
      remove={removeRow(t, labels, (row) => row.name, companyApi.remove)}
      exporter={{ path: companyApi.exportPath, fileBase: 'companies' }}
      dialog={(editing, close, saved) => (
        <CompanyDialog
          row={editing?.row ?? null}
          open={editing !== null}
          system={system}
          onClose={close}
          onSaved={saved}
        />
      )}
    />
  );
}
