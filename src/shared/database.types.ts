// Generated from supabase/migrations by `npm run gen:types` (scripts/gen-types.mjs): do not edit.
// The shape is that of `supabase gen types typescript`, so supabase-js types every query and rpc.
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  public: {
    Tables: {
      activity_log: {
        Row: {
          action: string
          changes: Json
          created_at: string
          id: number
          row_id: string
          table_name: string
          user_email: string | null
          user_id: string | null
          user_name: string | null
        }
        Insert: {
          action: string
          changes?: Json
          created_at?: string
          id?: never
          row_id: string
          table_name: string
          user_email?: string | null
          user_id?: string | null
          user_name?: string | null
        }
        Update: {
          action?: string
          changes?: Json
          created_at?: string
          id?: never
          row_id?: string
          table_name?: string
          user_email?: string | null
          user_id?: string | null
          user_name?: string | null
        }
        Relationships: []
      }
      booking_counts: {
        Row: { status: string; total: number }
        Insert: { status: string; total: number }
        Update: { status?: string; total?: number }
        Relationships: []
      }
      bookings: {
        Row: {
          cabinId: number
          cabinPrice: number
          created_at: string
          endDate: string
          extrasPrice: number
          guestId: number
          hasBreakfast: boolean
          id: number
          isPaid: boolean
          numGuests: number
          numNights: number
          observations: string | null
          startDate: string
          status: string
          totalPrice: number
        }
        Insert: {
          cabinId: number
          cabinPrice: number
          created_at?: string
          endDate: string
          extrasPrice?: number
          guestId: number
          hasBreakfast?: boolean
          id?: number
          isPaid?: boolean
          numGuests: number
          numNights: number
          observations?: string | null
          startDate: string
          status?: string
          totalPrice: number
        }
        Update: {
          cabinId?: number
          cabinPrice?: number
          created_at?: string
          endDate?: string
          extrasPrice?: number
          guestId?: number
          hasBreakfast?: boolean
          id?: number
          isPaid?: boolean
          numGuests?: number
          numNights?: number
          observations?: string | null
          startDate?: string
          status?: string
          totalPrice?: number
        }
        Relationships: [
          {
            foreignKeyName: 'bookings_cabinId_fkey'
            columns: ['cabinId']
            isOneToOne: false
            referencedRelation: 'cabins'
            referencedColumns: ['id']
          },
          {
            foreignKeyName: 'bookings_guestId_fkey'
            columns: ['guestId']
            isOneToOne: false
            referencedRelation: 'guests'
            referencedColumns: ['id']
          },
        ]
      }
      cabins: {
        Row: {
          created_at: string
          description: string
          discount: number
          id: number
          image: string | null
          maxCapacity: number
          name: string
          regularPrice: number
        }
        Insert: {
          created_at?: string
          description?: string
          discount?: number
          id?: number
          image?: string | null
          maxCapacity: number
          name: string
          regularPrice: number
        }
        Update: {
          created_at?: string
          description?: string
          discount?: number
          id?: number
          image?: string | null
          maxCapacity?: number
          name?: string
          regularPrice?: number
        }
        Relationships: []
      }
      guests: {
        Row: {
          countryFlag: string | null
          created_at: string
          email: string | null
          fullName: string
          id: number
          nationalID: string | null
          nationality: string | null
        }
        Insert: {
          countryFlag?: string | null
          created_at?: string
          email?: string | null
          fullName: string
          id?: number
          nationalID?: string | null
          nationality?: string | null
        }
        Update: {
          countryFlag?: string | null
          created_at?: string
          email?: string | null
          fullName?: string
          id?: number
          nationalID?: string | null
          nationality?: string | null
        }
        Relationships: []
      }
      settings: {
        Row: {
          breakfastPrice: number
          businessName: string
          created_at: string
          id: number
          maxBookingLength: number
          maxGuestsPerBooking: number
          minBookingLength: number
        }
        Insert: {
          breakfastPrice: number
          businessName?: string
          created_at?: string
          id?: number
          maxBookingLength: number
          maxGuestsPerBooking: number
          minBookingLength: number
        }
        Update: {
          breakfastPrice?: number
          businessName?: string
          created_at?: string
          id?: number
          maxBookingLength?: number
          maxGuestsPerBooking?: number
          minBookingLength?: number
        }
        Relationships: []
      }
      staff: {
        Row: { created_at: string; role: string; user_id: string }
        Insert: { created_at?: string; role?: string; user_id: string }
        Update: { created_at?: string; role?: string; user_id?: string }
        Relationships: []
      }
      staff_invites: {
        Row: {
          created_at: string
          email: string
          invited_by: string | null
          role: string
          token_hash: string
        }
        Insert: {
          created_at?: string
          email: string
          invited_by?: string | null
          role?: string
          token_hash: string
        }
        Update: {
          created_at?: string
          email?: string
          invited_by?: string | null
          role?: string
          token_hash?: string
        }
        Relationships: []
      }
    }
    Views: { [_ in never]: never }
    Functions: {
      booking_history: {
        Args: { p_booking_id: number }
        Returns: {
          action: string
          changes: Json
          created_at: string
          id: number
          row_id: string
          table_name: string
          user_email: string | null
          user_id: string | null
          user_name: string | null
        }[]
        SetofOptions: {
          from: '*'
          to: 'activity_log'
          isOneToOne: false
          isSetofReturn: true
        }
      }
      calendar_window: { Args: { p_days: number; p_from: string }; Returns: Json }
      cancel_staff_invite: { Args: { p_token: string }; Returns: undefined }
      change_booking: {
        Args: {
          p_booking_id: number
          p_cabin_id: number
          p_end_date: string
          p_expected_total_price: number
          p_has_breakfast: boolean
          p_is_paid: boolean
          p_num_guests: number
          p_observations: string
          p_start_date: string
          p_today: string
        }
        Returns: undefined
      }
      count_guests: { Args: { p_search?: string }; Returns: number }
      create_booking: {
        Args: {
          p_cabin_id: number
          p_end_date: string
          p_expected_total_price: number
          p_guest_id?: number
          p_has_breakfast: boolean
          p_is_paid: boolean
          p_new_guest?: Json
          p_num_guests: number
          p_observations: string
          p_start_date: string
          p_today: string
        }
        Returns: number
      }
      free_cabins: {
        Args: { p_booking_id?: number; p_end_date: string; p_num_guests: number; p_start_date: string }
        Returns: {
          cabinPrice: number
          discount: number
          id: number
          image: string
          maxCapacity: number
          name: string
          numNights: number
          pricePerNight: number
          regularPrice: number
        }[]
      }
      get_dashboard: { Args: { p_days: number; p_time_zone?: string; p_today: string }; Returns: Json }
      get_today_activity: { Args: { p_today: string }; Returns: Json }
      guest_directory: {
        Args: { p_limit?: number; p_offset?: number; p_search?: string; p_sort?: string }
        Returns: {
          countryFlag: string
          created_at: string
          email: string
          fullName: string
          id: number
          lastStay: string
          nationalID: string
          nationality: string
          numStays: number
        }[]
      }
      invite_staff: { Args: { p_email: string; p_role?: string }; Returns: string }
      is_admin: { Args: never; Returns: boolean }
      is_staff: { Args: never; Returns: boolean }
      list_staff: {
        Args: never
        Returns: { created_at: string; email: string; fullName: string; role: string; user_id: string }[]
      }
      quote_stay: {
        Args: {
          p_cabin_id: number
          p_end_date: string
          p_has_breakfast: boolean
          p_num_guests: number
          p_start_date: string
        }
        Returns: { cabinPrice: number; extrasPrice: number; numNights: number; totalPrice: number }[]
      }
      remove_staff: { Args: { p_user_id: string }; Returns: undefined }
      search_guests: {
        Args: { p_limit?: number; p_query: string }
        Returns: {
          countryFlag: string | null
          created_at: string
          email: string | null
          fullName: string
          id: number
          nationalID: string | null
          nationality: string | null
        }[]
        SetofOptions: {
          from: '*'
          to: 'guests'
          isOneToOne: false
          isSetofReturn: true
        }
      }
      set_staff_password: { Args: { p_password: string; p_user_id: string }; Returns: undefined }
      set_staff_role: { Args: { p_role: string; p_user_id: string }; Returns: undefined }
      staff_invite_token_hash: { Args: { p_token: string }; Returns: string }
      staff_role: { Args: never; Returns: string }
      stay_suggestions: {
        Args: {
          p_booking_id?: number
          p_end_date: string
          p_num_guests: number
          p_start_date: string
          p_today: string
        }
        Returns: { endDate: string; freeCabins: number; startDate: string }[]
      }
    }
    Enums: { [_ in never]: never }
    CompositeTypes: { [_ in never]: never }
  }
}

type TablesAndViews = Database['public']['Tables'] & Database['public']['Views']

export type Tables<Name extends keyof TablesAndViews> = TablesAndViews[Name]['Row']
export type TablesInsert<Name extends keyof Database['public']['Tables']> =
  Database['public']['Tables'][Name]['Insert']
export type TablesUpdate<Name extends keyof Database['public']['Tables']> =
  Database['public']['Tables'][Name]['Update']
export type Enums<Name extends keyof Database['public']['Enums']> = Database['public']['Enums'][Name]
export type CompositeTypes<Name extends keyof Database['public']['CompositeTypes']> =
  Database['public']['CompositeTypes'][Name]

export const Constants = {
  public: { Enums: {} },
} as const
