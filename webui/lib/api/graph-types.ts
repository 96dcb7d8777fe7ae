/** Shapes of the graph-content answers (SPEC §3), as service/routes/graph_*.py return them. */
export interface NodeTag {
  id: number;
  name: string;
}

export interface DescTag {
  name: string;
  order?: number;
  [key: string]: unknown;
}

export interface GraphNode {
  id: number;
  parentId: number | null;
  name: string;
  type: string;
  desc: string;
  define: string;
  descTags: DescTag[];
  attributes: Record<string, unknown>;
  nodeTags: NodeTag[];
  order: number;
  level: number;
  isControl: boolean;
  isCore: boolean;
  direction: "left" | "right" | null;
  isNewNode: boolean;
  isUpdateNode: boolean;
  isDefine: boolean;
  revision: number;
}

/** A node of searchTree's outline view: what drawing the tree needs (the drawer reads the rest per node). */
export type OutlineNode = Pick<GraphNode, "id" | "parentId" | "name" | "type" | "order" | "level" | "isControl" | "direction" | "isNewNode" | "isUpdateNode" | "isDefine" | "revision">;

export interface TreeNode extends OutlineNode {
  childs: TreeNode[];
  hasChilds?: boolean;
}

/** A node of searchTree's full view: every field, with its children. */
export interface FullTreeNode extends GraphNode {
  childs: FullTreeNode[];
}

export interface TreeAnswer {
  graphId: number;
  revision: number;
  isEdit: 0 | 1;
  tree: TreeNode | null;
}

export interface GraphDetail {
  id: number;
  name: string;
  description: string;
  templateId: number;
  templateCode: string;
  templateKind: string;
  templateName: string;
  projectId: number | null;
  projectName: string | null;
  releaseState: 0 | 1;
  isTryout: boolean;
  isPublic: boolean;
  isEdit: 0 | 1;
  createUserId: number | null;
  authorIds: number[];
  relationGraphId: number | null;
  revision: number;
  nodeCount: number;
  rootId: number | null;
  updateTime: string | null;
}

export type ValueType = "datetime" | "decimal" | "integer" | "list" | "richText" | "text" | "group" | "multiSelect";

export interface AttributeDefinition {
  code: string;
  name: string;
  valueType: ValueType;
  valueLength: number | null;
  defaultValue: unknown;
  isEdit: boolean;
  isNull: boolean;
  sort: number;
  /** optionLabels: what a reader in the chosen language sees of each option (the values stay `options`). */
  param: { precision?: number; options?: string[]; optionLabels?: string[]; kind?: string; [key: string]: unknown } | null;
}

export interface EntityType {
  code: string;
  name: string;
  iconStyle: { rect: boolean; underline: boolean; icon: string; colors: string[]; colorView: string };
  nameStyle: { fontSize: number; fill: string; fontWeight: number };
  attributes: AttributeDefinition[];
  isRoot: boolean;
  children: string[];
}

export interface RelationType {
  code: string;
  name: string;
  color: string;
  directed: boolean;
  effectScope: { startEntityCode: string; endEntityCode: string }[];
}

export interface TemplateStructure {
  id: number;
  code: string;
  kind: string;
  name: string;
  description: string;
  entitys: EntityType[];
  relations: RelationType[];
  tempConfig: Record<string, unknown>;
}

export interface Relation {
  relationId: number | null;
  startNodeId: number;
  targetNodeId: number;
  relationshipType: string;
  relationshipName: string;
  attributes: Record<string, unknown>;
  startNodeName?: string;
  targetNodeName?: string;
  direction?: "in" | "out";
}

export interface NodeRelations {
  nodeId: number;
  groups: { relationshipType: string; items: Relation[] }[];
  crossRelations: {
    id: number;
    start_graph_id: number;
    start_node_id: number;
    start_node__name: string;
    target_graph_id: number;
    target_node_id: number;
    target_node__name: string;
    target_graph__name: string;
    relation_type: string;
  }[];
}

export interface RelationGraphAnswer {
  graphId: number;
  revision: number;
  /** x, y: each node's place laid out by the server (px, top-left), the same for every filter. */
  nodes: (GraphNode & { degree: number; size: number; x: number; y: number })[];
  relations: Relation[];
}

export interface GraphVersion {
  id: number;
  number: number;
  name: string;
  remark: string;
  revision: number;
  nodeCount: number;
  createUserId: number | null;
  createTime: string | null;
}

export type ChangeKind = "added" | "removed" | "renamed" | "moved" | "changed";

export interface NodeChange {
  id: string;
  name: string;
  kind: ChangeKind;
  oldName?: string;
  fields?: string[];
  parentId?: string | null;
}

export interface VersionDiff {
  counts: Record<ChangeKind | "relationsAdded" | "relationsRemoved", number>;
  nodes: NodeChange[];
  relationsAdded: { start: string; target: string; type: string }[];
  relationsRemoved: { start: string; target: string; type: string }[];
}

export type TaskState = "assigned" | "submitted" | "examined" | "returned";

export interface GraphTask {
  id: number;
  graphId: number;
  nodeId: number;
  title: string;
  state: TaskState;
  assigneeId: number;
  assigneeName: string | null;
  dispatcherId: number;
  opinion: string;
  dueAt: string | null;
  updateTime: string | null;
}

export interface Assignee {
  userId: number;
  name: string;
  userName: string;
}

export interface TaskOverview {
  counts: Partial<Record<TaskState, number>>;
  items: GraphTask[];
}

export interface CourseLine {
  courses: { id: number; name: string; semester: number; credits: number; hours: number; courseType: string | null }[];
  prerequisites: { start: number; target: number }[];
}

export interface CourseDisplayInfo {
  courses: CourseLine["courses"];
  targets: { id: number; name: string; type: string; parent_id: number | null }[];
  matrix: { courseId: number; targetId: number; strength: string | number | null }[];
  credits: number;
}

export interface CourseTimes {
  units: { id: number; name: string; hours: number }[];
  totalHours: number;
  semesters: { semester: number; courses: number; credits: number; hours: number }[];
}
