import type { RegionsMessages } from './en';
import layer from './layer.zh';
import page from './page.zh';
import selector from './selector.zh';

const zh: RegionsMessages = {
  regions: {
    name: '名称',
    type: '类型',
    useType: '用途',
    useNone: '无',
    shared: '共享',
    sharedYes: '公司内共享',
    sharedNo: '仅自己',
    remark: '备注',
    image: '图片地址',
    radius: '半径（米）',
    width: '走廊单侧宽度（米）',
    overstay: '超时停留报警（分钟）',
    overstayHint: '留空：不报警',
    save: '保存',
    cancel: '取消',
    delete: '删除',
    edit: '编辑',
    saved: '区域已保存',
    deleted: '区域已删除',
    failed: '{{message}}（错误码：{{code}}）',
    selector,
    page,
    layer,
  },
};

export default zh;
