// Dispatch message strings (`messages.*`): the chat window, snippets, history and the message log. zh and th are
// typed against this shape.
const en = {
  messages: {
    title: 'Messages',
    send: 'Send',
    close: 'Close',
    history: 'History',
    snippets: 'Snippets',
    vehicles: 'Vehicles',
    search: 'Search vehicles',
    placeholder: 'Type a message',
    flags: 'Message flags',
    target: 'Target',
    log: 'Message log',
  },
};

export default en;
export type MessagesMessages = typeof en;
