import type { CommandsMessages } from './en';

const zh: CommandsMessages = {
  commands: {
    title: '指令',
    close: '关闭',
    av: '音视频',
    params: '参数',
    attributes: '属性',
    changeRoute: '换线',
    reboot: '重启',
    log: '日志',
    read: '读取',
    write: '写入',
    snapshot: '抓拍',
  },
};

export default zh;
