/** Where the OAuth endpoints are, from the service's public base address (the issuer). */
export const oauthUrls = (publicBaseUrl: string) => {
  const base = publicBaseUrl.replace(/\/+$/, '');
  return {
    issuer: base,
    resource: `${base}/mcp`,
    resourceMetadata: `${base}/.well-known/oauth-protected-resource/mcp`,
    authorization: `${base}/dashboard/oauth/authorize`,
    token: `${base}/oauth/token`,
    registration: `${base}/oauth/register`,
    revocation: `${base}/oauth/revoke`,
  };
};

export const OAUTH_SCOPES_SUPPORTED = ['read', 'write', 'manage_payouts'] as const;
