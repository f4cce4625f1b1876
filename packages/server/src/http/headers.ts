/**
 * Headers on every answer. The client is one script and one style sheet from
 * /assets/ (no inline script, no eval, no foreign host), so the policy names
 * only this origin: an injected <script> or a foreign page framing the club
 * does nothing. Styles may be inline: the board positions its pieces with
 * style attributes. HSTS only when the club is served over https.
 */
export function securityHeaders(publicUrl: string): Readonly<Record<string, string>> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // 'self' covers the same host's ws:/wss: (CSP 3).
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    // Invitation links carry their token in the path: never sent to another site.
    'referrer-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(publicUrl.startsWith('https:') ? { 'strict-transport-security': 'max-age=15552000' } : {}),
  };
}
