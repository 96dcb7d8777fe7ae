"""User-facing messages of the library in zh-CN and en, looked up by key."""
from __future__ import annotations

import locale
import os

DEFAULT_LANG = "zh-CN"
LANGS = ("zh-CN", "en")

CATALOGUE: dict[str, tuple[str, str]] = {
    "ok": ("操作成功", "OK"),
    "error.generic": ("操作失败", "The operation failed"),
    "error.internal": ("服务器内部错误，请稍后再试", "Internal server error, please try again later"),
    "error.not_found": ("{what}不存在", "{what} does not exist"),
    "error.route_not_found": ("请求的接口不存在", "The requested endpoint does not exist"),
    "error.method_not_allowed": ("请求方法不被允许", "Method not allowed"),
    "error.forbidden": ("没有权限执行此操作", "You are not allowed to do this"),
    "error.bad_json": ("请求体不是有效的 JSON", "The request body is not valid JSON"),
    "error.body_required": ("请求体不能为空", "The request body must not be empty"),
    "error.field_required": ("缺少必填字段：{field}", "Missing required field: {field}"),
    "error.field_invalid": ("字段 {field} 的值无效", "Invalid value for field {field}"),
    "error.page_size": ("每页条数必须在 1 到 {max} 之间", "Page size must be between 1 and {max}"),
    "error.conflict": ("数据已被他人修改，请刷新后重试", "The data was changed by someone else; reload and try again"),
    "error.too_slow": ("处理超过 {seconds} 秒，已停止", "Stopped after {seconds} seconds"),
    "error.payload_too_large": ("上传内容过大", "The upload is too large"),
    "auth.bad_credentials": ("用户名或密码错误", "Wrong user name or password"),
    "auth.disabled": ("账号已被停用", "This account is disabled"),
    "auth.too_many_attempts": ("登录失败次数过多，请 1 分钟后再试", "Too many failed sign-ins; try again in a minute"),
    "auth.missing": ("请先登录", "Please sign in"),
    "auth.expired": ("登录已超时，请重新登录", "Your session has timed out; please sign in again"),
    "auth.invalid": ("登录凭证无效，请重新登录", "Your sign-in token is invalid; please sign in again"),
    "auth.replaced": ("此账号已在其他电脑上登录，您已被下线", "This account is already logged in on another computer; you have been signed out"),
    "auth.refresh_invalid": ("刷新凭证无效，请重新登录", "The refresh token is invalid; please sign in again"),
    "auth.password_required": ("需要管理员密码", "An admin password is required"),
    "auth.password_too_short": ("密码至少需要 {min} 个字符", "The password needs at least {min} characters"),
    "what.user": ("用户", "User"),
    "what.graph": ("图谱", "Graph"),
    "what.project": ("项目", "Project"),
    "what.template": ("模板", "Template"),
    "what.node": ("节点", "Node"),
    "what.file": ("文件", "File"),
    "db.unknown_scheme": ("不支持的数据库地址：{url}", "Unsupported database URL: {url}"),
    "db.unreachable": ("无法连接数据库：{detail}", "Cannot connect to the database: {detail}"),
    "demo.examples_missing": ("找不到示例目录：{path}", "Examples folder not found: {path}"),
    "graphdoc.invalid": ("图谱文件无效（{where}）：{detail}", "Invalid graph file ({where}): {detail}"),
    "graphdoc.unknown_template": ("未知的模板：{template}", "Unknown template: {template}"),
    "graphdoc.unknown_entity": ("{where}：模板 {template} 不允许实体类型 {type}", "{where}: template {template} does not allow entity type {type}"),
    "graphdoc.unknown_relation": ("{where}：未知的关系类型 {type}", "{where}: unknown relation type {type}"),
    "graphdoc.dangling_relation": ("{where}：关系端点 {id} 不存在", "{where}: relation endpoint {id} does not exist"),
    "graphdoc.duplicate_id": ("{where}：节点编号 {id} 重复", "{where}: duplicate node id {id}"),
    "attribute.invalid": ("属性 {field} 的值无效（{detail}）", "Invalid value for attribute {field} ({detail})"),
    "attribute.unknown": ("模板中没有属性 {field}", "The template has no attribute {field}"),
    "attribute.read_only": ("属性 {field} 不可编辑", "Attribute {field} cannot be edited"),
    "attribute.required": ("请先完善必填属性 {field}", "Complete the required attribute {field} first"),
    "attribute.level_name": ("每个能力等级都需要名称", "Every ability level needs a name"),
    "attribute.level_range": ("能力等级 {name} 的分数必须在 0 到 100 之间", "Scores of ability level {name} must be between 0 and 100"),
    "attribute.level_order": ("能力等级 {name} 的结束分数必须大于开始分数", "The end of ability level {name} must be greater than its start"),
    "node.desc_empty": ("请输入描述内容", "Enter description content"),
    "node.name_required": ("请输入节点名称", "Enter a node name"),
    "node.course_name_required": ("请输入课程名称", "Enter the course name"),
    "node.not_controllable": ("该节点不可编辑", "This node cannot be edited"),
    "node.type_not_allowed": ("模板不允许在 {parent} 下放置 {type}", "The template does not allow {type} under {parent}"),
    "node.move_into_itself": ("不能把节点移动到它自身或其子节点下", "A node cannot be moved under itself or its descendants"),
    "node.root_fixed": ("根节点不能删除或移动", "The root node cannot be deleted or moved"),
    "node.wrong_graph": ("节点 {id} 不属于该图谱", "Node {id} does not belong to this graph"),
    "node.order_mismatch": ("排序必须列出该节点下的全部子节点", "The order must list every child of the node"),
    "relation.not_allowed": ("关系 {type} 不允许从 {start} 指向 {end}", "Relation {type} is not allowed from {start} to {end}"),
    "relation.self": ("关系不能指向节点自身", "A relation cannot join a node to itself"),
    "relation.exists": ("该关系已存在", "This relation already exists"),
    "relation.unknown_type": ("模板中没有关系类型 {type}", "The template has no relation type {type}"),
    "tag.not_in_this_graph": ("只有教学图谱的节点可以编辑标签", "Only nodes of teaching graphs have tags to edit"),
    "tag.unknown": ("标签 {id} 不存在", "Tag {id} does not exist"),
    "what.relation": ("关系", "Relation"),
    "what.version": ("版本", "Version"),
    "what.task": ("任务", "Task"),
    "graph.cannot_convert": ("有 {count} 处无法转换到目标模板（首个：{first}）", "{count} items cannot be converted to the target template (first: {first})"),
    "merge.conflicts": ("合并存在 {count} 处冲突，请先处理", "The merge has {count} conflicts; resolve them first"),
    "task.assignee_not_member": ("只能把任务分派给项目成员", "Tasks can only go to members of the project"),
    "task.bad_state": ("任务当前状态（{state}）不允许此操作", "The task's state ({state}) does not allow this"),
    "format.unknown": ("{where}：不支持的文件格式 {name}", "{where}: unsupported file format {name}"),
    "format.unreadable": ("{where}：无法读取文件（{detail}）", "{where}: cannot read the file ({detail})"),
    "format.empty": ("{where}：文件是空的", "{where}: the file is empty"),
    "format.too_large": ("{where}：文件超过 {limit} MB 的上限", "{where}: the file is over the {limit} MB limit"),
    "format.not_zip": ("{where}：文件不是完整的压缩包", "{where}: the file is not a whole zip archive"),
    "format.zip_bomb": ("{where}：解压后的内容过大", "{where}: the unpacked content is too large"),
    "format.unsafe_xml": ("{where}：XML 含有实体定义，已拒绝", "{where}: the XML declares entities and was refused"),
    "format.bad_xml": ("{where}：XML 格式错误（{detail}）", "{where}: malformed XML ({detail})"),
    "format.bad_json": ("{where}：JSON 格式错误（{detail}）", "{where}: malformed JSON ({detail})"),
    "format.no_nodes": ("{where}：没有找到任何节点", "{where}: no nodes found"),
    "format.empty_name": ("{where}：节点名称为空", "{where}: a node has no name"),
    "format.several_roots": ("{where}：图谱只能有一个根节点", "{where}: a graph has exactly one root"),
    "format.level_jump": ("{where}：层级 {level} 缺少上一级", "{where}: level {level} has no parent level"),
    "format.missing_column": ("{where}：缺少列 {column}", "{where}: missing column {column}"),
    "format.unknown_column": ("{where}：无法识别的列 {column}", "{where}: unknown column {column}"),
    "format.parent_cycle": ("{where}：父节点关系形成了环", "{where}: the parent column makes a cycle"),
    "format.unknown_parent": ("{where}：父节点 {id} 不存在", "{where}: parent {id} does not exist"),
    "format.missing_member": ("{where}：压缩包中缺少 {member}", "{where}: the archive has no {member}"),
    "upload.bad_suffix": ("不支持的文件类型：{name}（允许 {allowed}）", "Unsupported file type: {name} (allowed: {allowed})"),
    "upload.file_required": ("请选择要上传的文件", "Choose a file to upload"),
    "render.unavailable": ("无法生成图片：缺少绘图库（{detail}）", "Cannot draw the picture: the drawing library is missing ({detail})"),
    "format.write_only": ("{where}：{name} 只能导出，不能导入", "{where}: {name} can be exported but not imported"),
    "user.cannot_manage_role": ("无权管理该角色的用户", "You cannot manage users of that role"),
    "user.other_unit": ("只能管理本单位的用户", "You can only manage users of your own unit"),
    "user.exists": ("用户名 {name} 已存在", "User name {name} is taken"),
    "user.tel_taken": ("手机号 {tel} 已被使用", "Phone number {tel} is already used"),
    "user.not_yourself": ("不能停用自己的账号", "You cannot disable your own account"),
    "user.import_row": ("{where}：{detail}", "{where}: {detail}"),
    "unit.exists": ("单位 {name} 已存在", "Unit {name} already exists"),
    "unit.in_use": ("单位下还有 {users} 个用户和 {projects} 个项目，不能删除", "The unit still has {users} users and {projects} projects"),
    "what.unit": ("单位", "Unit"),
    "what.library_graph": ("公共图谱", "Library graph"),
    "what.library_apply": ("申请记录", "Application"),
    "library.already_offered": ("该图谱已在公共图谱库中或正在审核", "The graph is already in the library or waiting for review"),
    "library.not_waiting": ("只有待审核的图谱可以审核", "Only a graph waiting for review can be reviewed"),
    "library.not_published": ("该图谱未发布到公共图谱库", "The graph is not in the library"),
    "library.opinion_required": ("请输入审批意见", "Enter an approval opinion"),
    "library.state_required": ("请选择审批状态", "Select an approval status"),
    "library.project_required": ("请选择项目", "Select a project"),
    "library.person_required": ("请选择负责人", "Select the person in charge"),
    "library.reason_required": ("请输入申请理由", "Enter an application reason"),
    "library.person_not_admin": ("负责人必须是该项目的项目管理员", "The person in charge must be a project admin of that project"),
    "library.already_applied": ("您已申请过该图谱，请等待审批", "You have already applied for this graph; wait for the approval"),
    "library.not_pending": ("只有申请中的记录可以审批", "Only an application in the apply state can be approved"),
    "what.entity_type": ("实体类型", "Entity type"),
    "what.relation_group": ("关系分组", "Relation group"),
    "what.connection": ("模板关联", "Template connection"),
    "catalog.bad_code": ("{field} 只能由字母、数字和下划线组成，并以字母开头", "{field} must start with a letter and hold only letters, digits and underscores"),
    "catalog.bad_colour": ("{field} 必须是 # 加 3 或 6 位十六进制颜色", "{field} must be # followed by 3 or 6 hex digits"),
    "catalog.code_taken": ("编码 {code} 已被使用", "The code {code} is already used"),
    "catalog.duplicate_attribute": ("属性编码 {code} 重复", "Attribute code {code} appears twice"),
    "catalog.duplicate_entity": ("实体 {code} 重复", "Entity {code} appears twice"),
    "catalog.unknown_entity": ("未知的实体类型：{code}", "Unknown entity type: {code}"),
    "catalog.one_root": ("模板必须有且只有一个根实体", "A template needs exactly one root entity"),
    "catalog.child_outside": ("实体 {code} 的下级实体必须在模板之内", "The children of entity {code} must belong to the template"),
    "catalog.builtin": ("内置项不能删除", "Built-in entries cannot be deleted"),
    "catalog.entity_in_templates": ("实体 {code} 仍被模板使用：{templates}", "Entity {code} is still used by templates: {templates}"),
    "catalog.relation_in_templates": ("关系 {code} 仍被模板使用：{templates}", "Relation {code} is still used by templates: {templates}"),
    "catalog.group_in_use": ("分组下还有 {count} 个关系类型", "The group still holds {count} relation types"),
    "catalog.connection_exists": ("该模板关联已存在", "This template connection already exists"),
    "catalog.connection_in_use": ("已有 {count} 条跨图谱关系使用该关联", "{count} cross-graph relations use this connection"),
    "template.entity_in_use": ("实体 {codes} 正被 {count} 个图谱使用，不能移除：{graphs}", "Entities {codes} are used by {count} graphs and cannot be removed: {graphs}"),
    "template.relation_in_use": ("关系 {codes} 正被 {count} 个图谱使用，不能移除：{graphs}", "Relations {codes} are used by {count} graphs and cannot be removed: {graphs}"),
    "template.in_use": ("模板正被 {count} 个图谱使用，不能删除：{graphs}", "The template is used by {count} graphs and cannot be deleted: {graphs}"),
    "project.trial_needs_end": ("试用项目需要结束时间", "A trial project needs an end time"),
    "project.leader_not_admin": ("负责人必须是项目管理员", "The person in charge must be a project admin"),
    "project.has_graphs": ("项目下还有 {count} 个图谱，不能删除", "The project still has {count} graphs"),
    "project.member_other_unit": ("只能添加本单位的用户为项目成员", "Only users of the project's unit can join it"),
    "project.leader_stays_admin": ("项目负责人必须保留项目管理员身份", "The person in charge must stay a project admin"),
    "sms.bad_tel": ("手机号格式不正确", "That is not a valid phone number"),
    "sms.too_soon": ("验证码发送过于频繁，请 {seconds} 秒后再试", "A code was sent less than {seconds} seconds ago; wait and try again"),
    "sms.text": ("【知图】您的登录验证码是 {code}，{minutes} 分钟内有效。", "Zhitu: your sign-in code is {code}, valid for {minutes} minutes."),
    "sms.code_wrong": ("验证码错误", "Wrong code"),
    "sms.code_burnt": ("验证码错误次数过多，请重新获取", "Too many wrong tries; request a new code"),
    "sms.code_expired": ("验证码已失效，请重新获取", "The code has expired; request a new one"),
    "sso.bad_home_url": ("不允许跳转到该地址", "Single sign-on cannot return to that address"),
    "sso.ticket_invalid": ("登录票据无效或已过期", "The sign-on ticket is invalid, used or expired"),
    "webui.build_failed": ("前端构建失败，请查看上面的输出", "Building the web UI failed; see the output above"),
    "webui.missing": ("找不到前端目录：{path}", "Web UI folder not found: {path}"),
    # Knowledge mining (toolkit/mining)
    "what.source": ("文本资料", "Text material"),
    "what.page": ("页面", "Page"),
    "what.mining_task": ("挖掘任务", "Mining task"),
    "what.mining_result": ("挖掘结果", "Mining result"),
    "mining.no_text": ("{where}：没有识别出任何文字", "{where}: no text could be read from the file"),
    "mining.ocr_missing": ("未安装文字识别程序 tesseract", "The OCR program tesseract is not installed"),
    "mining.no_page_image": ("该资料没有页面图像", "This material has no page images"),
    "mining.unknown_kind": ("未知的挖掘类型：{kind}（可选 {allowed}）", "Unknown mining kind: {kind} (choose from {allowed})"),
    "mining.needs_graph": ("{kind} 挖掘需要选择图谱", "{kind} mining needs a graph"),
    "mining.no_sources": ("请选择要挖掘的文本资料", "Choose the text materials to mine"),
    "mining.source_gone": ("文本资料 {id} 已被删除", "Text material {id} has been deleted"),
    "mining.task_state": ("任务当前状态（{state}）不允许此操作", "The task's state ({state}) does not allow this"),
    "mining.cancelled": ("任务已取消", "The task was cancelled"),
    "mining.worker_lost": ("执行任务的进程已停止，请重试", "The worker running this task stopped; retry it"),
    "mining.result_state": ("结果已处理（{state}），不能再修改", "The result was already reviewed ({state})"),
    "mining.parent_required": ("请选择挂载的目录节点", "Choose the catalogue node to put the points under"),
    "mining.node_required": ("请选择要写入定义的节点", "Choose the node the definition belongs to"),
    "mining.relation_unresolved": ("关系端点“{name}”在图谱中不存在，请先接受该知识点", "The relation end “{name}” is not in the graph; accept that point first"),
    "mining.dictionary_scope": ("词典需要指定图谱或项目", "A dictionary belongs to a graph or a project"),
    "mining.dictionary_term": ("词条无效：{term}", "Invalid dictionary term: {term}"),
    "mining.lac_missing": ("未安装中文分词组件 LAC（{detail}）", "The Chinese analyser LAC is not installed ({detail})"),
}


def normalise_lang(value: str | None) -> str:
    """Map an Accept-Language value or a locale name to one of LANGS."""
    if not value:
        return DEFAULT_LANG
    first = value.split(",")[0].split(";")[0].strip().lower().replace("_", "-")
    if first.startswith("en"):
        return "en"
    return DEFAULT_LANG


def system_lang() -> str:
    explicit = os.environ.get("ZHITU_LANG")
    if explicit:
        return normalise_lang(explicit)
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(var):
            return normalise_lang(os.environ[var])
    return normalise_lang(locale.getlocale()[0])


def text(key: str, lang: str | None = None, **params: object) -> str:
    zh, en = CATALOGUE.get(key, CATALOGUE["error.generic"])
    template = en if normalise_lang(lang or system_lang()) == "en" else zh
    localised = {k: text(v, lang) if isinstance(v, str) and v in CATALOGUE else v for k, v in params.items()}
    try:
        return template.format(**localised)
    except (KeyError, IndexError):
        return template
