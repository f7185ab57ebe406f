// Alarm centre strings (`alarms.*`): the navbar counter, the alarm, details, handle and filter dialogs, the live
// popups. Alarm type and group names are not here: they are the catalogue's (@headway/spec alarm-catalogue.ts).
// zh and th are typed against this shape.
const en = {
  alarms: {
    title: 'Alarms',
    cancel: 'Cancel',
    total: '{{total}} in all',
    speedValue: '{{speed}} km/h',
    counter: {
      label: 'Unread alarms: {{count}}',
    },
    column: {
      index: 'No.',
      carName: 'Vehicle',
      lpn: 'Plate',
      imei: 'IMEI',
      routeName: 'Line',
      alarmCount: 'Alarms',
      alarmType: 'Alarm type',
      speed: 'Speed',
      eventTime: 'Time',
      address: 'Address',
      remark: 'Remark',
      action: 'Action',
    },
    list: {
      title: 'Alarms ({{count}})',
      clear: 'Clear',
      details: 'Alarm details',
      alarmFilter: 'Alarm filter',
      evidence: 'Alarm evidence',
      evidenceOf: 'Evidence of the last alarm of {{car}}',
    },
    filter: {
      days: 'Days',
      daysRequired: 'Choose the days',
      alarmTypes: 'Alarm types',
      line: 'Line',
      vehicle: 'Vehicle',
      all: 'All (read too)',
      search: 'Search',
    },
    details: {
      title: 'Alarm details',
      batchRead: 'Set selected read',
      selectAlarm: 'Select an alarm first',
      setRead: 'Set read',
      read: 'Read',
      unread: 'Unread',
      readBy: 'Read by {{name}} at {{time}}',
      resolve: 'Show addresses',
      noPosition: 'No position',
      addressUnknown: 'address unknown',
      resolveFailed: 'Address unavailable',
    },
    handle: {
      title: 'Handle alarms ({{count}})',
      remark: 'Remark (what was done)',
      remarkHint: 'Optional, up to 255 characters',
      submit: 'Set read',
      success: 'Alarms marked read',
    },
    preferences: {
      title: 'Alarm filter',
      hint: 'Per alarm type: where you are told (web console, mobile app, e-mail), whether a popup opens, and how many seconds it stays (0: until closed).',
      type: 'Alarm type',
      webNotice: 'Web notice',
      appNotice: 'App notice',
      mailNotice: 'Mail notice',
      isShow: 'Popup',
      duration: 'Popup seconds',
      save: 'Save',
      saved: 'Alarm filter saved',
    },
    popup: {
      region: 'Live alarms',
      label: '{{alarm}} on {{car}}',
      close: 'Close',
      view: 'View the alarm',
      closesIn: 'Closes in {{seconds}} s',
      more: '{{count}} more waiting',
      soundBlocked: 'Sound blocked: click to turn it on',
    },
  },
};

export default en;
export type AlarmsMessages = typeof en;
