// Device command strings (`commands.*`): the command window, the snapshot window and the command log. zh and th are
// typed against this shape.
const en = {
  commands: {
    title: 'Command',
    close: 'Close',
    av: 'Audio/video',
    params: 'Parameters',
    attributes: 'Attributes',
    changeRoute: 'Change route',
    reboot: 'Reboot',
    log: 'Log',
    read: 'Read',
    write: 'Write',
    snapshot: 'Snapshot',
  },
};

export default en;
export type CommandsMessages = typeof en;
