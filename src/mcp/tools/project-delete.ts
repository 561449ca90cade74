import { ProjectDeleteParams, ProjectDeletedResponse } from '../../modules/deletes.schemas.js';
import { deleteProject } from '../../modules/org/delete-project.js';
import { defineTool } from '../tool.js';

export const projectDelete = defineTool({
  name: 'project_delete',
  title: 'Delete an empty project',
  description:
    'Refused while the project holds agents (archived ones too), HTTP tools, knowledge resources or integration ' +
    "connections (in_use_by names them), and for the organization's only project.",
  input: ProjectDeleteParams.shape,
  output: ProjectDeletedResponse,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  operation: deleteProject,
  handler: ({ project_id }, { em, principal }) => deleteProject(em, principal, project_id),
});
