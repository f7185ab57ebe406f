import layer from './layer.en';
import page from './page.en';
import selector from './selector.en';

// Region strings (`regions.*`): the shared words, the fence selector (selector), Basic → Custom area (page) and the
// regions layer of the maps (layer). zh and th are typed against this shape.
const en = {
  regions: {
    name: 'Name',
    type: 'Type',
    useType: 'Use',
    useNone: 'None',
    shared: 'Shared',
    sharedYes: 'Shared with the company',
    sharedNo: 'Only me',
    remark: 'Remark',
    image: 'Image URL',
    radius: 'Radius (m)',
    width: 'Corridor width each side (m)',
    overstay: 'Overstay alarm after (min)',
    overstayHint: 'Empty: no overstay alarm',
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    edit: 'Edit',
    saved: 'Region saved',
    deleted: 'Region deleted',
    failed: '{{message}} (Error Code: {{code}})',
    selector,
    page,
    layer,
  },
};

export default en;
export type RegionsMessages = typeof en;
