"""The whole domain as Tortoise models (one app, label models)."""
from toolkit.model.accounts import AttemptLimit, Project, ProjectMember, SmsCode, SmsOutbox, SsoTicket, Unit, User
from toolkit.model.attainment import Assessment, StudentScore
from toolkit.model.catalog import Category, EntityType, RelationGroup, RelationType, Tag, Template, TemplateConnection
from toolkit.model.graphs import CrossRelation, Graph, GraphTask, GraphVersion, Node, NodeTag, Relation
from toolkit.model.library import LibraryApply, LibraryEntry
from toolkit.model.mining import MiningResult, MiningTask, TextSource, UserDictionary
from toolkit.model.portal import AuditEvent, Carousel, HelpDoc, TrialApplication

__all__ = [
    "AttemptLimit", "AuditEvent", "Carousel", "Category", "CrossRelation", "EntityType", "Graph", "GraphTask",
    "GraphVersion", "HelpDoc", "LibraryApply", "LibraryEntry", "MiningResult", "MiningTask", "Node",
    "NodeTag", "Project", "ProjectMember", "Relation", "RelationGroup", "RelationType", "SmsCode",
    "SmsOutbox", "SsoTicket", "Tag", "Template", "TemplateConnection", "TextSource",
    "TrialApplication", "Unit", "User", "UserDictionary",
]
__all__ += ["Assessment", "StudentScore"]
