import { PUBLIC_RESOURCE_CSS_PREFIX, WebsiteLayoutErrorKeys } from '@vellum/contract';
import * as csstree from 'css-tree';
import { type AppError, fieldError } from '../../platform/errors.js';

/**
 * The one check of a unit's custom CSS (decision 0027). It is parsed with css-tree; what does not
 * parse is refused with its line and column, and so is anything that could run script or load
 * from elsewhere. css-tree decodes escapes in strings and url() values but keeps them in names
 * (`u\72l(`, `@\69mport`), so names are decoded here before they are compared.
 */

interface Where {
  line: number;
  column: number;
}

const OBJECT = 'css';
const fail = (key: string, at: Where, params: Record<string, unknown>) =>
  fieldError(OBJECT, 'content', key, { line: at.line, column: at.column, ...params });

/** At-rules that load another style sheet or only make sense with external documents. */
const FORBIDDEN_AT_RULES = new Set(['import', 'namespace', 'document', '-moz-document']);
/** Properties that attach script (old Internet Explorer and Firefox). */
const FORBIDDEN_PROPERTIES = new Set(['behavior', '-moz-binding']);
/** Functions that run script. */
const FORBIDDEN_FUNCTIONS = new Set(['expression', '-ms-expression']);
/** Functions whose string arguments are addresses to load. */
const LOADING_FUNCTIONS = new Set(['url', 'src', 'image', 'image-set', '-webkit-image-set', 'cross-fade', '-webkit-cross-fade', 'element']);
const SCRIPT_SCHEMES = /(java|vb)script:/i;

const decodeName = (name: string) => csstree.ident.decode(name).toLowerCase();

function positionOf(node: csstree.CssNode): Where {
  return node.loc ? { line: node.loc.start.line, column: node.loc.start.column } : { line: 1, column: 1 };
}

export interface CssCheckResult {
  /** The resource names the CSS references, each once. */
  references: string[];
}

/**
 * Parses `css` and refuses it unless every url() (and url-taking function) names one of
 * `resourceNames` as `resources/<name>`. Throws an AppError with line and column.
 */
export function checkCss(css: string, resourceNames: ReadonlySet<string>): CssCheckResult {
  let parseError: AppError | undefined;
  const ast = csstree.parse(css, {
    positions: true,
    parseCustomProperty: true,
    onParseError: (err) => {
      parseError ??= fail(WebsiteLayoutErrorKeys.cssInvalid, { line: err.line, column: err.column }, { detail: err.message });
    },
  });
  if (parseError) throw parseError;

  const references = new Set<string>();
  const reference = (value: string, node: csstree.CssNode) => {
    const at = positionOf(node);
    if (SCRIPT_SCHEMES.test(value.replace(/\s/g, ''))) throw fail(WebsiteLayoutErrorKeys.cssForbidden, at, { construct: 'javascript:' });
    const name = value.startsWith(PUBLIC_RESOURCE_CSS_PREFIX) ? value.slice(PUBLIC_RESOURCE_CSS_PREFIX.length) : undefined;
    if (name === undefined || !resourceNames.has(name)) throw fail(WebsiteLayoutErrorKeys.cssResourceNotFound, at, { reference: value });
    references.add(name);
  };

  csstree.walk(ast, {
    enter(node: csstree.CssNode) {
      switch (node.type) {
        case 'Atrule':
          if (FORBIDDEN_AT_RULES.has(decodeName(node.name)))
            throw fail(WebsiteLayoutErrorKeys.cssForbidden, positionOf(node), { construct: `@${decodeName(node.name)}` });
          break;
        case 'Declaration':
          if (FORBIDDEN_PROPERTIES.has(decodeName(node.property)))
            throw fail(WebsiteLayoutErrorKeys.cssForbidden, positionOf(node), { construct: decodeName(node.property) });
          break;
        case 'Url':
          reference(node.value, node);
          break;
        case 'Function': {
          const name = decodeName(node.name);
          if (FORBIDDEN_FUNCTIONS.has(name)) throw fail(WebsiteLayoutErrorKeys.cssForbidden, positionOf(node), { construct: `${name}(` });
          if (LOADING_FUNCTIONS.has(name))
            node.children.forEach((child) => {
              if (child.type === 'String') reference(child.value, child);
            });
          break;
        }
        case 'String':
        case 'Identifier':
        case 'Raw':
          if (SCRIPT_SCHEMES.test(('value' in node ? node.value : node.name).replace(/\s/g, '')))
            throw fail(WebsiteLayoutErrorKeys.cssForbidden, positionOf(node), { construct: 'javascript:' });
          break;
        default:
      }
    },
  });
  return { references: [...references] };
}

/** The resource names a stored style sheet references (none when it no longer parses). */
export function cssReferences(css: string): string[] {
  const names = new Set<string>();
  try {
    csstree.walk(csstree.parse(css, { parseCustomProperty: true }), (node) => {
      if (node.type === 'Url' && node.value.startsWith(PUBLIC_RESOURCE_CSS_PREFIX))
        names.add(node.value.slice(PUBLIC_RESOURCE_CSS_PREFIX.length));
      if (node.type === 'String' && node.value.startsWith(PUBLIC_RESOURCE_CSS_PREFIX))
        names.add(node.value.slice(PUBLIC_RESOURCE_CSS_PREFIX.length));
    });
  } catch {
    return [];
  }
  return [...names];
}
