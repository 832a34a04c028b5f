import type { Bilingual } from '../i18n.ts';

/** Messages of users, roles, menus, departments, posts, dictionaries, notices, logs. Keys are prefixed by their area. */
export const ADMIN_MESSAGES = {
  'system.platformOnly': {
    'zh-CN': '只有平台管理员可以执行此操作',
    'en-US': 'Only platform administrators may do this',
  },

  // users
  'system.user.nameExists': {
    'zh-CN': "保存用户'{userName}'失败，登录账号已存在",
    'en-US': "Cannot save user '{userName}': the account already exists",
  },
  'system.user.phoneExists': {
    'zh-CN': "保存用户'{userName}'失败，手机号码已存在",
    'en-US': "Cannot save user '{userName}': the mobile number is already in use",
  },
  'system.user.emailExists': {
    'zh-CN': "保存用户'{userName}'失败，邮箱账号已存在",
    'en-US': "Cannot save user '{userName}': the email address is already in use",
  },
  'system.user.deleteSelf': { 'zh-CN': '当前用户不能删除', 'en-US': 'You cannot delete your own account' },
  'system.user.disableSelf': { 'zh-CN': '不能停用当前用户', 'en-US': 'You cannot disable your own account' },
  'system.user.adminProtected': {
    'zh-CN': '不允许操作超级管理员用户',
    'en-US': 'The platform administrator cannot be changed this way',
  },
  'system.user.deptUnavailable': {
    'zh-CN': '部门不存在或没有权限访问该部门',
    'en-US': 'The department does not exist or is outside your data scope',
  },
  'system.user.postUnavailable': {
    'zh-CN': '岗位不存在或不属于该用户所在客户',
    'en-US': "The position does not exist or does not belong to the user's customer",
  },
  'system.user.importEmpty': { 'zh-CN': '导入用户数据不能为空！', 'en-US': 'The file contains no users' },
  'system.user.importTooMany': {
    'zh-CN': '一次最多导入{max}个用户',
    'en-US': 'At most {max} users can be imported at once',
  },
  'system.user.importLegacyXls': {
    'zh-CN': '无法读取旧版 .xls 文件，请另存为 .xlsx 后重新导入',
    'en-US': 'Legacy .xls files cannot be read; save the file as .xlsx and import it again',
  },
  'system.user.importResult': {
    'zh-CN': '导入完成：成功 {success} 条（新增 {inserted}，更新 {updated}），失败 {fail} 条',
    'en-US': 'Import finished: {success} succeeded ({inserted} added, {updated} updated), {fail} failed',
  },
  'system.user.importRow': { 'zh-CN': '第 {row} 行：{msg}', 'en-US': 'Row {row}: {msg}' },
  'system.user.importExists': {
    'zh-CN': '账号 {userName} 已存在',
    'en-US': 'Account {userName} already exists',
  },
  'system.user.importForeign': {
    'zh-CN': '账号 {userName} 已被占用，不能更新',
    'en-US': 'Account {userName} is taken and cannot be updated',
  },
  'system.user.importDuplicate': {
    'zh-CN': '账号 {userName} 在文件中重复',
    'en-US': 'Account {userName} appears more than once in the file',
  },
  'system.user.importValueTaken': {
    'zh-CN': '{field}已被其他用户使用',
    'en-US': '{field} is already used by another user',
  },
  'system.user.sheetTitle': { 'zh-CN': '用户数据', 'en-US': 'users' },
  'system.user.templateTitle': { 'zh-CN': '用户导入模板', 'en-US': 'user import template' },

  // roles
  'system.role.nameExists': {
    'zh-CN': "保存角色'{roleName}'失败，角色名称已存在",
    'en-US': "Cannot save role '{roleName}': the role name already exists",
  },
  'system.role.keyExists': {
    'zh-CN': "保存角色'{roleName}'失败，权限字符已存在",
    'en-US': "Cannot save role '{roleName}': the permission key already exists",
  },
  'system.role.keyFormat': {
    'zh-CN': '{field}只能包含字母、数字、下划线、冒号和连字符',
    'en-US': '{field} may only contain letters, digits, underscores, colons and hyphens',
  },
  'system.role.assigned': {
    'zh-CN': '{roleName}已分配，不能删除',
    'en-US': '{roleName} is assigned to users and cannot be deleted',
  },
  'system.role.adminProtected': {
    'zh-CN': '不允许操作超级管理员角色',
    'en-US': 'The administrator role cannot be changed',
  },
  'system.role.grantMenus': {
    'zh-CN': '不能授予自己没有的权限：{names}',
    'en-US': 'You cannot grant permissions you do not hold: {names}',
  },
  'system.role.grantScope': {
    'zh-CN': '不能授予超出自己数据权限范围的数据权限',
    'en-US': 'You cannot grant a data scope beyond your own',
  },
  'system.role.grantRole': {
    'zh-CN': '不能分配超出自己权限的角色：{names}',
    'en-US': 'You cannot assign roles with rights beyond your own: {names}',
  },
  'system.role.unavailable': {
    'zh-CN': '角色不存在或不属于该用户所在客户',
    'en-US': "The role does not exist or does not belong to the user's customer",
  },
  'system.role.deptUnavailable': {
    'zh-CN': '所选部门不存在或不属于该角色所在客户',
    'en-US': "A selected department does not exist or does not belong to the role's customer",
  },

  // menus
  'system.menu.nameExists': {
    'zh-CN': "保存菜单'{menuName}'失败，菜单名称已存在",
    'en-US': "Cannot save menu '{menuName}': a menu of that name already exists here",
  },
  'system.menu.hasChildren': {
    'zh-CN': '存在子菜单，不允许删除',
    'en-US': 'The menu has sub-menus and cannot be deleted',
  },
  'system.menu.assigned': {
    'zh-CN': '菜单已分配，不允许删除',
    'en-US': 'The menu is assigned and cannot be deleted',
  },
  'system.menu.parentSelf': {
    'zh-CN': "修改菜单'{menuName}'失败，上级菜单不能选择自己或下级菜单",
    'en-US': "Cannot save menu '{menuName}': the parent cannot be the menu itself or one below it",
  },
  'system.menu.parentButton': {
    'zh-CN': '按钮下不能再添加菜单',
    'en-US': 'A button cannot hold other menus',
  },
  'system.menu.parentMissing': { 'zh-CN': '上级菜单不存在', 'en-US': 'The parent menu does not exist' },
  'system.menu.systemMissing': { 'zh-CN': '所属系统不存在', 'en-US': 'The subsystem does not exist' },

  'system.sortMismatch': {
    'zh-CN': '{field}与编号的个数不一致',
    'en-US': '{field} and the ids differ in number',
  },

  // departments
  'system.dept.nameExists': {
    'zh-CN': "保存部门'{deptName}'失败，部门名称已存在",
    'en-US': "Cannot save department '{deptName}': the name already exists under this parent",
  },
  'system.dept.parentSelf': {
    'zh-CN': "修改部门'{deptName}'失败，上级部门不能是自己或下级部门",
    'en-US': "Cannot save department '{deptName}': the parent cannot be the department itself or one below it",
  },
  'system.dept.parentDisabled': {
    'zh-CN': '部门停用，不允许新增',
    'en-US': 'The parent department is disabled; nothing can be added to it',
  },
  'system.dept.parentUnavailable': {
    'zh-CN': '上级部门不存在或没有权限访问',
    'en-US': 'The parent department does not exist or is outside your data scope',
  },
  'system.dept.rootNotAllowed': {
    'zh-CN': '只有拥有全部数据权限的用户可以新增顶级部门',
    'en-US': 'Only users with the all-data scope may add a top-level department',
  },
  'system.dept.hasEnabledChildren': {
    'zh-CN': '该部门包含未停用的子部门！',
    'en-US': 'The department has sub-departments that are not disabled!',
  },
  'system.dept.hasChildren': {
    'zh-CN': '存在下级部门，不允许删除',
    'en-US': 'The department has sub-departments and cannot be deleted',
  },
  'system.dept.hasUsers': {
    'zh-CN': '部门存在用户，不允许删除',
    'en-US': 'The department has users and cannot be deleted',
  },

  // posts
  'system.post.codeExists': {
    'zh-CN': "保存岗位'{postName}'失败，岗位编码已存在",
    'en-US': "Cannot save position '{postName}': the code already exists",
  },
  'system.post.nameExists': {
    'zh-CN': "保存岗位'{postName}'失败，岗位名称已存在",
    'en-US': "Cannot save position '{postName}': the name already exists",
  },
  'system.post.assigned': {
    'zh-CN': '{postName}已分配，不能删除',
    'en-US': '{postName} is assigned to users and cannot be deleted',
  },

  // dictionaries
  'system.dict.typeExists': {
    'zh-CN': "保存字典'{dictName}'失败，字典类型已存在",
    'en-US': "Cannot save dictionary '{dictName}': the dictionary type already exists",
  },
  'system.dict.typeFormat': {
    'zh-CN': '{field}必须以小写字母开头，且只能包含小写字母、数字和下划线',
    'en-US': '{field} must start with a lowercase letter and hold only lowercase letters, digits and underscores',
  },
  'system.dict.typeAssigned': {
    'zh-CN': '{dictName}已分配，不能删除',
    'en-US': '{dictName} still has dictionary data and cannot be deleted',
  },
  'system.dict.typeMissing': {
    'zh-CN': '字典类型{dictType}不存在',
    'en-US': 'The dictionary type {dictType} does not exist',
  },
  'system.dict.valueExists': {
    'zh-CN': "保存字典数据'{dictLabel}'失败，键值{dictValue}已存在",
    'en-US': "Cannot save dictionary entry '{dictLabel}': the value {dictValue} already exists",
  },

  // the signed-in user's own account
  'system.profile.unlocked': { 'zh-CN': '解锁成功', 'en-US': 'Screen unlocked' },
  'system.profile.unlockWrong': {
    'zh-CN': '密码错误，请重新输入（还可尝试{left}次）',
    'en-US': 'Wrong password, please try again ({left} attempts left)',
  },
  'system.profile.unlockSignedOut': {
    'zh-CN': '密码错误次数过多，已退出登录，请重新登录',
    'en-US': 'Too many wrong passwords: you have been signed out, please log in again',
  },

  // logs
  'system.log.unlocked': { 'zh-CN': '账户{userName}已解锁', 'en-US': 'Account {userName} unlocked' },
} as const satisfies Record<string, Bilingual>;

/** Labels of the fields that validation messages of this area name. */
export const ADMIN_FIELDS: Record<string, Bilingual> = {
  userId: { 'zh-CN': '用户编号', 'en-US': 'User id' },
  userIds: { 'zh-CN': '用户', 'en-US': 'Users' },
  deptId: { 'zh-CN': '归属部门', 'en-US': 'Department' },
  deptIds: { 'zh-CN': '数据权限部门', 'en-US': 'Departments' },
  deptName: { 'zh-CN': '部门名称', 'en-US': 'Department name' },
  deptCode: { 'zh-CN': '部门编码', 'en-US': 'Department code' },
  parentId: { 'zh-CN': '上级', 'en-US': 'Parent' },
  orderNum: { 'zh-CN': '显示顺序', 'en-US': 'Display order' },
  orderNums: { 'zh-CN': '显示顺序', 'en-US': 'Display orders' },
  leader: { 'zh-CN': '负责人', 'en-US': 'Leader' },
  phone: { 'zh-CN': '联系电话', 'en-US': 'Phone' },
  status: { 'zh-CN': '状态', 'en-US': 'Status' },
  roleId: { 'zh-CN': '角色编号', 'en-US': 'Role id' },
  roleIds: { 'zh-CN': '角色', 'en-US': 'Roles' },
  roleName: { 'zh-CN': '角色名称', 'en-US': 'Role name' },
  roleKey: { 'zh-CN': '权限字符', 'en-US': 'Permission key' },
  roleSort: { 'zh-CN': '角色顺序', 'en-US': 'Role order' },
  dataScope: { 'zh-CN': '数据权限', 'en-US': 'Data scope' },
  menuIds: { 'zh-CN': '菜单权限', 'en-US': 'Menu permissions' },
  menuCheckStrictly: { 'zh-CN': '菜单父子联动', 'en-US': 'Menu parent-child linkage' },
  deptCheckStrictly: { 'zh-CN': '部门父子联动', 'en-US': 'Department parent-child linkage' },
  postIds: { 'zh-CN': '岗位', 'en-US': 'Positions' },
  postCode: { 'zh-CN': '岗位编码', 'en-US': 'Position code' },
  postName: { 'zh-CN': '岗位名称', 'en-US': 'Position name' },
  postSort: { 'zh-CN': '岗位顺序', 'en-US': 'Position order' },
  menuId: { 'zh-CN': '菜单编号', 'en-US': 'Menu id' },
  menuName: { 'zh-CN': '菜单名称', 'en-US': 'Menu name' },
  menuNameEn: { 'zh-CN': '英文菜单名称', 'en-US': 'English menu name' },
  menuType: { 'zh-CN': '菜单类型', 'en-US': 'Menu type' },
  path: { 'zh-CN': '路由地址', 'en-US': 'Route address' },
  component: { 'zh-CN': '组件路径', 'en-US': 'Component path' },
  query: { 'zh-CN': '路由参数', 'en-US': 'Route parameters' },
  routeName: { 'zh-CN': '路由名称', 'en-US': 'Route name' },
  perms: { 'zh-CN': '权限标识', 'en-US': 'Permission flag' },
  icon: { 'zh-CN': '菜单图标', 'en-US': 'Icon' },
  isFrame: { 'zh-CN': '是否外链', 'en-US': 'External link' },
  isCache: { 'zh-CN': '是否缓存', 'en-US': 'Cache' },
  visible: { 'zh-CN': '显示状态', 'en-US': 'Display status' },
  dictId: { 'zh-CN': '字典编号', 'en-US': 'Dictionary id' },
  dictName: { 'zh-CN': '字典名称', 'en-US': 'Dictionary name' },
  dictNameEn: { 'zh-CN': '英文字典名称', 'en-US': 'English dictionary name' },
  dictType: { 'zh-CN': '字典类型', 'en-US': 'Dictionary type' },
  dictLabel: { 'zh-CN': '数据标签', 'en-US': 'Label' },
  dictLabelEn: { 'zh-CN': '英文数据标签', 'en-US': 'English label' },
  dictValue: { 'zh-CN': '数据键值', 'en-US': 'Value' },
  dictSort: { 'zh-CN': '显示排序', 'en-US': 'Order' },
  noticeId: { 'zh-CN': '公告编号', 'en-US': 'Notice id' },
  noticeTitle: { 'zh-CN': '公告标题', 'en-US': 'Notice title' },
  noticeType: { 'zh-CN': '公告类型', 'en-US': 'Notice type' },
  noticeContent: { 'zh-CN': '公告内容', 'en-US': 'Content' },
  updateSupport: { 'zh-CN': '更新已存在数据', 'en-US': 'Update existing' },
};
