import { AUTH_RATE_LIMITS, type AuthRateLimits, JSON_BODY_LIMIT_BYTES } from '../config'
import type { ServiceMount } from '../http/app'
import type { Logger } from '../http/log'
import type { ApiRequest, ApiResponse, ServiceHandler } from '../http/types'
import type { AuthCall, AuthDeps } from './context'
import { AuthError, authErrorResponse, badRequest } from './errors'
import { primeDummyHash } from './passwords'
import { FailureBackoff, WindowCounter } from './rateLimit'
import { createOwner, type DeskOptions, ownerStatus } from './owner'
import { signup } from './signup'
import { token } from './token'
import { getUser, logout, updateUser } from './user'

type Route = (call: AuthCall) => Promise<ApiResponse>

const ROUTES: Record<string, Partial<Record<string, Route>>> = {
  '/signup': { POST: signup },
  '/token': { POST: token },
  '/user': { GET: getUser, PUT: updateUser },
  '/logout': { POST: logout },
}

/** The desktop app's own paths (owner.ts): none in web mode. */
function deskRoutes(desk: DeskOptions): typeof ROUTES {
  if (!desk.ownerSetup && !desk.demoData) return {}
  const status = ownerStatus(desk)
  return { '/innkeeper/owner': desk.ownerSetup ? { GET: status, POST: createOwner } : { GET: status } }
}

export interface AuthServiceOptions {
  secret: Uint8Array
  now(): number
  logger: Logger
  /** Each one given replaces its default. */
  rateLimits?: Partial<AuthRateLimits>
  /** The desktop app's data folder: the first run's owner set-up, or the demo (owner.ts). */
  desk?: DeskOptions
}

/** The GoTrue subset of contract 3, mounted at /auth/v1. */
export function createAuthService(options: AuthServiceOptions): ServiceMount {
  void primeDummyHash()
  const limits = { ...AUTH_RATE_LIMITS, ...options.rateLimits }
  const deps: AuthDeps = {
    secret: options.secret,
    now: options.now,
    limits: {
      signInFailuresPerAddressAndEmail: new FailureBackoff(
        limits.signInFailuresPerAddressAndEmail,
        options.now,
      ),
      signInFailuresPerAddress: new WindowCounter(limits.signInFailuresPerAddress, options.now),
      signUpsPerAddress: new WindowCounter(limits.signUpsPerAddress, options.now),
    },
  }
  const routes = { ...ROUTES, ...deskRoutes(options.desk ?? {}) }
  const handler: ServiceHandler = async (req, ctx) => {
    const methods = routes[req.path.replace(/\/+$/, '') || '/']
    const route = methods?.[req.method]
    try {
      if (!methods) throw new AuthError(404, 'not_found', 'Not Found')
      if (!route) throw new AuthError(405, 'method_not_allowed', 'Method Not Allowed')
      return await route({ req, ctx, deps })
    } catch (error) {
      if (error instanceof AuthError) return authErrorResponse(req, error)
      options.logger.error('auth request failed', error)
      return internalError(req)
    }
  }
  return {
    prefix: '/auth/v1',
    requireApiKey: true,
    body: () => ({ limit: JSON_BODY_LIMIT_BYTES, json: true }),
    errors: {
      tooLarge: (req) =>
        authErrorResponse(req, new AuthError(413, 'request_too_large', 'Request body is larger than 1 MB')),
      invalidJson: (req) =>
        authErrorResponse(
          req,
          badRequest('bad_json', 'Could not parse request body as JSON: exceeded max depth'),
        ),
      internal: internalError,
    },
    handler,
  }
}

function internalError(req: ApiRequest): ApiResponse {
  return authErrorResponse(
    req,
    new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs'),
  )
}
