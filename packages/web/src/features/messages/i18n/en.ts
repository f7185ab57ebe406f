// Dispatch message strings (`messages.*`): the chat window, snippets, history and the message log. zh and th are
// typed against this shape. Flag bits, targets and command states are labelled by @headway/spec.
const en = {
  messages: {
    driverReply: 'Driver: {{text}}',
    title: 'Messages',
    send: 'Send',
    sendTo: 'Send to the {{target}}',
    close: 'Close',
    history: 'History',
    historyTitle: 'Sent today',
    historyEmpty: 'You have sent no messages today',
    snippets: 'Snippets',
    vehicles: 'Vehicles',
    search: 'Search vehicles',
    placeholder: 'Type a message',
    flags: 'Message flags',
    target: 'Target',
    log: 'Message log',
    empty: 'Messages you send from this window appear here',
    readOnly: 'You may view messages; sending them needs edit on the live map or the line map.',
    noEdit: 'Sending needs edit permission',
    noVehicle: 'Tick at least one vehicle',
    noText: 'Type a message to send',
    tooLong: 'At most {{max}} bytes (a Chinese or Thai character takes two)',
    tree: {
      noFleet: 'No fleet',
      offline: 'Offline',
      selected: '{{n}} vehicles ticked',
      empty: 'No vehicles',
    },
    reply: {
      line: 'Sent {{sent}} · replied {{replied}}',
      queued: '{{queued}} queued for offline vehicles',
      missed: '{{missed}} not reached',
      pending: 'Not every vehicle has replied',
      done: 'Every vehicle replied',
    },
    queue: {
      label: 'Queue for offline vehicles',
      hint: 'Vehicles offline now receive the message when they reconnect, until it expires',
      expiry: 'Expires after',
      hours: '{{hours}} h',
    },
    snippet: {
      text: 'Message',
      hint: 'Double-click a message to use it',
      empty: 'No snippets yet',
      unsaved: 'Save or cancel the unsaved row first',
    },
    logScreen: {
      time: 'Time',
      vehicle: 'Vehicle',
      account: 'Account',
      state: 'State',
      all: 'All',
      search: 'Search',
      reset: 'Reset',
      msg: 'Message',
      sendTime: 'Sent',
      replyTime: 'Replied',
      replyMsg: 'Reply',
      expireTime: 'Expires',
    },
  },
};

export default en;
export type MessagesMessages = typeof en;
