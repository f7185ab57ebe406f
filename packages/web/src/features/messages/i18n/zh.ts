import type { MessagesMessages } from './en';

const zh: MessagesMessages = {
  messages: {
    title: '消息',
    send: '发送',
    close: '关闭',
    history: '历史',
    snippets: '常用语',
    vehicles: '车辆',
    search: '搜索车辆',
    placeholder: '输入消息',
    flags: '消息标志',
    target: '目标',
    log: '消息日志',
  },
};

export default zh;
