// The ids are defined beside the workflows (a parent workflow builds its
// child's id and may import only workflow files); the API imports them here.
export { workflowIds } from '../../workflows/workflow-ids.js';
