"""Catalogue and portal forms (issue 19): entity types, relation groups, templates, help documents and
carousel images answer every invalid field at once, by display name, in both languages, and change
nothing; the rules the web UI reads are the ones the server checks."""
from toolkit.model import Carousel, EntityType, HelpDoc, RelationGroup, Template

T = "/basic-api/api/template"
G = "/basic-api/api/relationGroup"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
TOO_LONG = "n" * 101


async def _both(api, token: str, method: str, path: str, **kwargs) -> tuple[dict, dict]:
    """The same request in Chinese and in English."""
    _, zh = await api.call(method, path, token, lang="zh-CN", **kwargs)
    _, en = await api.call(method, path, token, lang="en", **kwargs)
    assert zh["code"] == 1 and zh["reason"] == "form" and en["reason"] == "form", (zh, en)
    return zh, en


async def test_entity_type_form_answers_three_fields_at_once(api, people):
    token = await api.login("super")
    before = await EntityType.all().count()
    body = {"code": "9bad", "name": "", "nameEn": TOO_LONG, "iconStyle": {}, "nameStyle": {}, "attributes": []}
    zh, en = await _both(api, token, "POST", f"{T}/templateEntity/add", json=body)
    assert zh["errors"] == {"code": "编码格式不正确", "name": "请填写实体名称", "nameEn": "英文名称最多 100 个字符"}
    assert zh["message"] == "请修正 3 处：编码、实体名称、英文名称"
    assert en["errors"] == {"code": "Code is not valid", "name": "Entity name is required", "nameEn": "English name: at most 100 characters"}
    assert await EntityType.all().count() == before
    _, taken = await api.call("POST", f"{T}/templateEntity/add", token, lang="en", json={"code": "KnowUnit", "name": ""})
    assert taken["errors"] == {"code": "Code KnowUnit is already taken", "name": "Entity name is required"}
    entity = await EntityType.get(code="KnowUnit")
    zh, en = await _both(api, token, "PUT", f"{T}/templateEntity/{entity.id}", json={"name": " ", "nameEn": TOO_LONG})
    assert set(zh["errors"]) == {"name", "nameEn"} and en["errors"]["name"] == "Entity name is required"
    assert (await EntityType.get(id=entity.id)).name == entity.name


async def test_relation_group_form_answers_three_fields_at_once(api, people):
    token = await api.login("admin")
    before = await RelationGroup.all().count()
    zh, en = await _both(api, token, "POST", G, json={"code": "has space", "name": "", "sort": -1})
    assert zh["errors"] == {"code": "编码格式不正确", "name": "请填写分组名称", "sort": "排序不能小于 0"}
    assert en["errors"] == {"code": "Code is not valid", "name": "Group name is required", "sort": "Order cannot be less than 0"}
    assert await RelationGroup.all().count() == before
    group = await RelationGroup.first()
    zh, en = await _both(api, token, "PUT", f"{G}/{group.id}", json={"name": "", "nameEn": TOO_LONG, "sort": "x"})
    assert en["errors"] == {"name": "Group name is required", "nameEn": "English name: at most 100 characters", "sort": "Order must be a whole number"}
    assert zh["errors"]["sort"] == "排序须为整数"
    _, taken = await api.call("POST", G, token, lang="zh-CN", json={"code": group.code, "name": "重名"})
    assert taken["errors"] == {"code": f"编码 {group.code} 已被使用"}


async def test_template_form_answers_three_fields_at_once(api, people):
    token = await api.login("super")
    before = await Template.all().count()
    body = {"code": "teaching", "kind": "poster", "name": "", "entitys": [{"code": "KnowGraph", "isRoot": True}]}
    zh, en = await _both(api, token, "POST", f"{T}/add", json=body)
    assert zh["errors"] == {"code": "编码 teaching 已被使用", "kind": "请选择有效的模板类型", "name": "请填写模板名称"}
    assert en["errors"] == {"code": "Code teaching is already taken", "kind": "Choose a valid Template kind", "name": "Template name is required"}
    assert await Template.all().count() == before
    teaching = await Template.get(code="teaching")
    _, update = await api.call("PUT", f"{T}/{teaching.id}", token, lang="en", json={"name": "", "nameEn": TOO_LONG, "description": "d" * 10_001})
    assert update["errors"] == {"name": "Template name is required", "nameEn": "English name: at most 100 characters",
                                "description": "Description: at most 10000 characters"}
    assert (await Template.get(id=teaching.id)).name == teaching.name


async def test_help_document_form_answers_three_fields_at_once(api, people):
    token = await api.login("admin")
    before = await HelpDoc.all().count()
    zh, en = await _both(api, token, "POST", "/basic-api/api/doc", json={"kind": "video", "title": "", "url": "", "sort": -2})
    assert zh["errors"] == {"title": "请填写标题", "url": "请填写地址", "sort": "排序不能小于 0"}
    assert en["errors"] == {"title": "Title is required", "url": "Address is required", "sort": "Order cannot be less than 0"}
    _, bad = await api.call("POST", "/basic-api/api/doc", token, lang="en", json={"kind": "book", "title": "t" * 201, "url": "ftp://x"})
    assert bad["errors"] == {"kind": "Choose a valid Kind", "title": "Title: at most 200 characters", "url": "Address is not valid"}
    assert await HelpDoc.all().count() == before


async def test_carousel_form_answers_three_fields_at_once(api, people):
    token = await api.login("admin")
    zh, en = await _both(api, token, "POST", "/basic-api/api/carousel", data={"title": "", "link": "javascript:x", "sort": "-1"})
    assert zh["errors"] == {"title": "请填写标题", "link": "链接格式不正确", "sort": "排序不能小于 0", "file": "请填写图片"}
    assert en["errors"]["file"] == "Image is required" and en["errors"]["link"] == "Link is not valid"
    _, fake = await api.call("POST", "/basic-api/api/carousel", token, lang="en", files={"file": ("x.png", b"not an image", "image/png")},
                             data={"title": "", "sort": "a"})
    assert fake["errors"] == {"title": "Title is required", "sort": "Order must be a whole number", "file": "x.png is not a valid image"}
    assert await Carousel.all().count() == 0
    _, added = await api.call("POST", "/basic-api/api/carousel", token, files={"file": ("a.png", PNG, "image/png")},
                              data={"title": "首页", "link": "/home", "sort": "2"})
    assert added["code"] == 0 and added["result"]["sort"] == 2
    _, update = await api.call("PUT", f"/basic-api/api/carousel/{added['result']['id']}", token, lang="zh-CN", data={"title": " ", "sort": "x"})
    assert update["errors"] == {"title": "请填写标题", "sort": "排序须为整数"}


async def test_catalogue_form_rules_are_served(api, people):
    _, en = await api.call("GET", "/basic-api/api/user/formRules", lang="en")
    rules = en["result"]
    assert rules["entityType"]["name"] == {"label": "Entity name", "required": True, "maxLength": 100}
    assert rules["relationGroup"]["sort"] == {"label": "Order", "required": False, "integer": True, "min": 0}
    assert rules["template"]["kind"]["choices"][0] == "teaching" and rules["template"]["code"]["pattern"]
    assert rules["doc"]["url"]["maxLength"] == 500 and rules["carousel"]["file"]["required"] == "create"
