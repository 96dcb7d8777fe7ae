/** Shapes of the API's answers (SPEC §3). */
export interface Page<T> {
  items: T[];
  total: number;
}

export interface GraphListItem {
  id: number;
  name: string;
  templateId: number;
  templateName: string;
  templateKind: string;
  projectId: number | null;
  projectName: string | null;
  releaseState: 0 | 1;
  isTryout: boolean;
  isPublic: boolean;
  createUserId: number | null;
  projectEndTime: string | null;
  extendRelations: unknown[];
  isEdit: 0 | 1;
  authorIds: number[];
  relationGraphId: number | null;
  nodeCount: number;
  updateTime: string | null;
}

export interface TemplateOption {
  id: number;
  code: string;
  name: string;
  nameEn?: string;
  kind: string;
}

export interface ProjectOption {
  id: number;
  name: string;
  leaderName: string | null;
  role: string | null;
  tryout: boolean;
}
